// The timeline module's public surface: nothing of it is used outside it (its calls and router are registered by the
// composition root). Add what another module needs here (docs/architecture.md 'Modules and their public surfaces').
export {};
