// The reviews module's public surface: nothing of it is used outside it yet (its routes, router and resources are
// registered by the composition root; docs/architecture.md 'Modules and their public surfaces').
export {};
