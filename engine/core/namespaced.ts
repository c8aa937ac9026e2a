// A ruleset's own commands and events are named `<ruleset id>/<name>` ("zones/declare-attack"),
// so they never collide with the core's (which have no slash) or another ruleset's.

/** A type name a ruleset owns: `<ruleset id>/<name>`. */
export type NamespacedType = `${string}/${string}`;

const NAMESPACED = /^[a-z][a-z0-9-]*\/[a-z][a-z0-9-]*$/;

/** Whether a command or event type belongs to a ruleset rather than to the core. */
export function isNamespaced(type: unknown): type is NamespacedType {
  return typeof type === 'string' && NAMESPACED.test(type);
}

/** The ruleset id a namespaced type belongs to ("zones" for "zones/declare-attack"). */
export function ownerOf(type: NamespacedType): string {
  return type.slice(0, type.indexOf('/'));
}
