/** The message that stops an unsupported Node, or null when `version` satisfies `range` (">=22.15"). */
export function unsupportedNodeMessage(version: string, range: string): string | null;
/** The message for this process's Node and package.json's engines.node, or null. */
export function checkNode(): string | null;
