// `server-only` throws outside Next's server bundle; Jest tests import server modules directly.
export {};
