// fast-check, for the property tests: a package of the tests alone, pinned here rather than in
// deno.json's imports, which a start of the service installs whole.
export { default } from "npm:fast-check@4.10.2";
