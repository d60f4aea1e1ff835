/**
 * The meta tag each answer of the app page carries its style nonce in: the server puts a fresh one
 * there and in that answer's Content-Security-Policy, and the client hands it to the libraries that
 * add <style> elements (Radix dialogs' scroll lock).
 */
export const STYLE_NONCE_META = "csp-nonce";
