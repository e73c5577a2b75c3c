/**
 * An action's id: the device's time in milliseconds (12 hex digits), then a random UUID. Unique
 * as the UUID is, and in time order, so that the server's index of ids grows at one end: a
 * morning of ids in random order wrote a page of that index for nearly every check-in and
 * answered about a fifth fewer check-ins a second (docs/pickets.md).
 */
export const actionId = (ms = Date.now()): string => `${ms.toString(16).padStart(12, '0')}-${crypto.randomUUID()}`;
