// The activities module's public surface: nothing of it is used outside it yet (its resource and router are
// registered by the composition root; the leads and deals answer its event). Add what another module needs here
// (docs/architecture.md 'Modules and their public surfaces').
export {};
