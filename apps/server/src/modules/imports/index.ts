// The imports module's public surface: nothing of it is used outside it yet (its calls, routes, router and job are
// registered by the composition root). Add what another module needs here (docs/architecture.md 'Modules and their
// public surfaces').
export {};
