/** Node flags of every process that serves the API (see server-node-flags.mjs for why). */
export declare const SERVER_NODE_FLAGS: string[];
