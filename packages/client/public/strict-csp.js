// Runs before the app (a classic script, so before every module): the casino's Content-Security-Policy
// forbids eval, and zod, which reads this global as its configuration, is told not to probe for it.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
