// What scorepad/views/app.py writes above sw.js.
declare const VERSION: string;
declare const SHELL: string[];
declare const OutboxStore: typeof import("./outbox-store.js");
