// The reports module's public surface: nothing of it is used outside it (its calls and router are registered by the
// composition root; docs/architecture.md 'Modules and their public surfaces').
export {};
