// One change of a registry, all or nothing: which backends of which tools leave, which come,
// where each tool then stands, every check made before the state is touched, and the events
// that tell of it.
import { InvalidToolError } from "../errors.ts";
import type { BackendKind, ChangeEvent, ToolBackend } from "./types.ts";
import { describeValue, sameJson } from "../_json_value.ts";
import { BACKEND_KINDS, isBackendKind } from "./_backend_kinds.ts";
import { type CheckedRegistration, sameDefinition, type ToolTemplate } from "./registrations.ts";
import { keyOf, type Listing, type RegistryState, Slot, SOURCE_SPAN, sourceKey } from "./_state.ts";

/** What a change does to the backends of the tools it touches. */
export interface Change {
  /** Whether the change removes this backend of the tool `id`. */
  drops(id: string, backend: ToolBackend): boolean;
  /** The IDs whose backends `drops` may remove, beside those of the source it replaces. */
  dropIds: ReadonlySet<string>;
  /** The registrations it adds, in order. */
  adds: readonly CheckedRegistration[];
  /** The key of the source whose list `adds` replaces; absent when they add to their sources. */
  replaces?: string;
}

/** The change that adds `adds` and removes nothing. */
export function addition(adds: readonly CheckedRegistration[]): Change {
  return { drops: () => false, dropIds: new Set(), adds };
}

/**
 * The change that replaces the list of a source, the backends of kind `kind` and ID
 * `backendId`, with the backends of `adds`.
 *
 * @throws {RangeError} When `kind` is not a kind of backend.
 * @throws {InvalidToolError} When one of `adds` has a backend of another source.
 */
export function replacement(
  kind: BackendKind,
  backendId: string,
  adds: readonly CheckedRegistration[],
): Change {
  if (!isBackendKind(kind)) {
    throw new RangeError(
      `The kind must be one of ${BACKEND_KINDS.join(", ")}, got ${describeValue(kind)}`,
    );
  }
  for (const { backend, template } of adds) {
    if (backend.kind !== kind || backend.id !== backendId) {
      throw new InvalidToolError(
        template.id,
        "backend",
        `Replacing the source ${kind} ${
          JSON.stringify(backendId)
        } takes only its backends, got ${backend.kind} ${JSON.stringify(backend.id)}`,
      );
    }
  }
  return {
    drops: (_id, backend) => backend.kind === kind && backend.id === backendId,
    dropIds: new Set(),
    adds,
    replaces: keyOf(kind, backendId),
  };
}

/** Whether a tool of `state` has a backend of kind `kind` and ID `backendId`. */
export function hasSource(state: RegistryState, kind: BackendKind, backendId: string): boolean {
  return state.sources.has(keyOf(kind, backendId));
}

/** A change's event before the version it makes is known. */
type Unversioned = Omit<ChangeEvent, "version">;

/** What the change makes of one tool. */
interface Outcome {
  template: ToolTemplate;
  listings: Listing[];
}

/**
 * Applies `change` to the state `writable()` returns (`state`, or its copy when a snapshot
 * shares it), after checking all of it against `state`: nothing is touched when a check fails.
 *
 * @returns The events of the change, or undefined when it changes nothing.
 * @throws {InvalidToolError} When an ID would get two definitions, or the registry would hold
 * more than `maxTools` tools.
 */
export function applyChange(
  state: RegistryState,
  change: Change,
  maxTools: number,
  writable: () => RegistryState,
): ChangeEvent[] | undefined {
  if (state.slots.length === 0 && change.replaces === undefined && change.dropIds.size === 0) {
    const loaded = bulkLoad(change.adds, maxTools, writable);
    if (loaded !== undefined) return loaded;
  }
  const slotOf = (id: string) => {
    const position = state.byId.get(id);
    return position === undefined ? undefined : state.slots[position];
  };
  const addsOf = new Map<string, CheckedRegistration[]>();
  for (const registration of change.adds) {
    const list = addsOf.get(registration.template.id);
    if (list === undefined) addsOf.set(registration.template.id, [registration]);
    else list.push(registration);
  }
  const replaced = change.replaces === undefined ? undefined : state.sources.get(change.replaces);
  const dropIds = [...change.dropIds, ...replaced?.ids ?? []];
  const places = placesOf(state, change, slotOf);
  const ordinal = ordinalsOf(state, change);

  const outcomes = new Map<string, Outcome>();
  for (const id of [...dropIds, ...addsOf.keys()]) {
    if (outcomes.has(id)) continue;
    const slot = slotOf(id);
    const kept = slot?.listings.filter(({ backend }) => !change.drops(id, backend)) ?? [];
    const adds = addsOf.get(id) ?? [];
    // A tool whose backends all leave takes the definition it comes back with, unless that is
    // the one it has: then it keeps its template, so that its search entry and index stay (a
    // replaced source's unchanged tools were otherwise all indexed again).
    let template = kept.length > 0 ? slot!.template : adds[0]?.template ?? slot!.template;
    // The template it comes back with, when that was found to be the one it has.
    let comesBack: ToolTemplate | undefined;
    if (slot !== undefined && template !== slot.template && sameTemplate(slot.template, template)) {
      comesBack = template;
      template = slot.template;
    }
    const listings = [...kept];
    for (const { template: added, backend: given } of adds) {
      if (added !== comesBack && !sameDefinition(added, template)) {
        throw new InvalidToolError(
          id,
          "",
          kept.length > 0
            ? "Registered again with another definition than the one its other backends reach"
            : "Defined twice in one change, differently",
        );
      }
      // A backend the same as the one it replaces is that one: no event tells of it, and the
      // tool's hash stays.
      const key = sourceKey(given);
      const old = slot?.listings.find((listing) => sourceKey(listing.backend) === key)?.backend;
      const backend = old !== undefined && sameJson(old, given) ? old : given;
      const listing = { backend, place: places.get(`${id}\u0000${key}`)! };
      const same = listings.findIndex((r) => sourceKey(r.backend) === key);
      if (same === -1) listings.push(listing);
      else listings[same] = listing;
    }
    // Backends go in the order of their sources, so that they depend on the content alone.
    listings.sort((a, b) => ordinal(sourceKey(a.backend)) - ordinal(sourceKey(b.backend)));
    outcomes.set(id, { template, listings });
  }

  const events: Unversioned[] = [];
  let added = 0;
  for (const [id, outcome] of outcomes) {
    const slot = slotOf(id);
    events.push(...eventsOf(id, slot, outcome, orderOf(outcome.listings, ordinal)));
    if (slot === undefined && outcome.listings.length > 0) added++;
    if (slot !== undefined && outcome.listings.length === 0) added--;
  }
  if (events.length === 0) return undefined;
  if (state.size + added > maxTools) {
    throw new InvalidToolError(
      [...outcomes.keys()].find((id) => slotOf(id) === undefined) ?? "tools",
      "",
      `The registry would hold ${state.size + added} tools, over its limit of ${maxTools}`,
    );
  }

  const target = writable();
  for (const registration of change.adds) {
    const key = sourceKey(registration.backend);
    if (target.sources.has(key)) continue;
    target.sources.set(key, { ordinal: ordinal(key), next: 0, ids: new Set() });
    target.nextOrdinal = Math.max(target.nextOrdinal, ordinal(key) + 1);
  }
  if (change.replaces !== undefined) {
    const record = target.sources.get(change.replaces);
    if (record !== undefined) record.next = 0;
  }
  for (const [id, outcome] of outcomes) {
    putTool(target, id, outcome, orderOf(outcome.listings, ordinal));
  }
  // A source left with no tool is forgotten: if it comes back, it comes last.
  for (const [key, record] of target.sources) if (record.ids.size === 0) target.sources.delete(key);
  target.version++;
  target.changed();
  return events.map((event) => ({ ...event, version: target.version }));
}

/** Whether two templates define a tool alike, and say alike what its source says of it. */
function sameTemplate(a: ToolTemplate, b: ToolTemplate): boolean {
  if (!sameDefinition(a, b)) return false;
  const [x, y] = [a.owner, b.owner];
  return x === y ||
    (x.name === y.name && x.description === y.description && x.category === y.category &&
      x.tags.length === y.tags.length && x.tags.every((tag, i) => tag === y.tags[i]));
}

/**
 * The change that adds `adds` to a registry that never held a tool, made directly (a bulk load):
 * each source takes the next ordinal as it first comes and lists its tools in the order of
 * `adds`, as the general path would make them, in a fraction of its time, which a cold start
 * pays. Undefined, having touched nothing, when an ID comes twice, for the general path to
 * compare the definitions.
 *
 * @throws {InvalidToolError} When the registry would hold more than `maxTools` tools.
 */
function bulkLoad(
  adds: readonly CheckedRegistration[],
  maxTools: number,
  writable: () => RegistryState,
): ChangeEvent[] | undefined {
  if (adds.length === 0) return undefined;
  const ids = new Set<string>();
  for (const { template } of adds) {
    if (ids.has(template.id)) return undefined;
    ids.add(template.id);
  }
  if (adds.length > maxTools) {
    throw new InvalidToolError(
      adds[maxTools].template.id,
      "",
      `The registry would hold ${adds.length} tools, over its limit of ${maxTools}`,
    );
  }
  const target = writable();
  const version = ++target.version;
  const events: ChangeEvent[] = [];
  for (const { template, backend } of adds) {
    const key = sourceKey(backend);
    let record = target.sources.get(key);
    if (record === undefined) {
      record = { ordinal: target.nextOrdinal++, next: 0, ids: new Set() };
      target.sources.set(key, record);
    }
    const place = record.next++;
    record.ids.add(template.id);
    const position = target.slots.length;
    target.touch(position);
    target.byId.set(template.id, position);
    target.slots.push(
      new Slot(template, [{ backend, place }], record.ordinal * SOURCE_SPAN + place),
    );
    const namespace = template.namespace;
    target.namespaces.set(namespace, (target.namespaces.get(namespace) ?? 0) + 1);
    events.push({ type: "registered", id: template.id, backend, version });
  }
  target.size = adds.length;
  target.changed();
  return events;
}

/**
 * The place of each added tool in its source's list, by ID and source key. Added to a source, a
 * tool keeps the place it has there already, else takes the next free one. In a replaced list,
 * places follow the order of `adds`, each tool keeping its old place while that still comes
 * after the place before it: an edit that changes, adds or removes a few tools leaves the others
 * where they were, so the search indexes only those few again, not the whole source.
 */
function placesOf(
  state: RegistryState,
  change: Change,
  slotOf: (id: string) => Slot | undefined,
): Map<string, number> {
  const places = new Map<string, number>();
  const next = new Map<string, number>();
  for (const { template, backend } of change.adds) {
    const source = sourceKey(backend);
    const key = `${template.id}\u0000${source}`;
    if (places.has(key)) continue;
    const known = slotOf(template.id)?.listings.find((listing) =>
      sourceKey(listing.backend) === source
    );
    const replaced = source === change.replaces;
    if (known !== undefined && !replaced) {
      places.set(key, known.place);
      continue;
    }
    const free = next.get(source) ?? (replaced ? 0 : state.sources.get(source)?.next ?? 0);
    const place = replaced && known !== undefined && known.place >= free ? known.place : free;
    places.set(key, place);
    next.set(source, place + 1);
  }
  // Kept places only grow: once a replaced list's places pass twice its length, they are given
  // afresh, so that a source whose order keeps changing stays far within its span.
  const replaced = change.replaces;
  if (replaced !== undefined && (next.get(replaced) ?? 0) > 2 * places.size + 64) {
    let place = 0;
    for (const key of places.keys()) {
      if (key.endsWith(`\u0000${replaced}`)) places.set(key, place++);
    }
  }
  return places;
}

/** The ordinal of each source a change leaves: known ones keep theirs, new ones follow. */
function ordinalsOf(state: RegistryState, change: Change): (key: string) => number {
  const fresh = new Map<string, number>();
  for (const { backend } of change.adds) {
    const key = sourceKey(backend);
    if (!state.sources.has(key) && !fresh.has(key)) {
      fresh.set(key, state.nextOrdinal + fresh.size);
    }
  }
  return (key) => state.sources.get(key)?.ordinal ?? fresh.get(key)!;
}

/** Where a tool with these listings stands: where the earliest of its sources puts it. */
function orderOf(listings: readonly Listing[], ordinal: (key: string) => number): number {
  let order = Infinity;
  for (const { backend, place } of listings) {
    order = Math.min(order, ordinal(sourceKey(backend)) * SOURCE_SPAN + place);
  }
  return order;
}

/** The events of one tool's change, from `slot` (undefined for a new tool) to `outcome`. */
function eventsOf(
  id: string,
  slot: Slot | undefined,
  { template, listings }: Outcome,
  order: number,
): Unversioned[] {
  const before = slot?.backends ?? [];
  const backends = listings.map((listing) => listing.backend);
  const after = new Set(backends.map(sourceKey));
  const removed = before.filter((backend) => !after.has(sourceKey(backend)));
  const events: Unversioned[] = [];
  if (backends.length === 0) {
    removed.forEach((backend, i) =>
      events.push({
        type: i === removed.length - 1 ? "tool_removed" : "backend_removed",
        id,
        backend,
      })
    );
    return events;
  }
  for (const backend of removed) events.push({ type: "backend_removed", id, backend });
  const previous = new Map(before.map((backend) => [sourceKey(backend), backend]));
  let first = slot === undefined;
  for (const backend of backends) {
    // A backend the same as the one it replaced was given that one's object (see `applyChange`).
    if (previous.get(sourceKey(backend)) === backend) continue;
    events.push({ type: first ? "registered" : "updated", id, backend });
    first = false;
  }
  // A new definition, or a new place in its source's list, is a change of the tool too.
  if (
    events.length === 0 &&
    (!sameDefinition(slot!.template, template) ||
      slot!.order !== order)
  ) {
    events.push({ type: "updated", id, backend: backends[0] });
  }
  return events;
}

/** Puts the tool `id` into `state`: in its slot, a new one, or out; and counts its sources. */
function putTool(state: RegistryState, id: string, { template, listings }: Outcome, order: number) {
  const position = state.byId.get(id);
  const slot = position === undefined ? undefined : state.slots[position];
  for (const { backend } of slot?.listings ?? []) {
    state.sources.get(sourceKey(backend))!.ids.delete(id);
  }
  for (const { backend, place } of listings) {
    const record = state.sources.get(sourceKey(backend))!;
    record.ids.add(id);
    record.next = Math.max(record.next, place + 1);
  }
  const namespace = template.namespace;
  if (listings.length === 0) {
    if (position === undefined) return;
    state.touch(position);
    state.slots[position] = undefined;
    state.byId.delete(id);
    state.size--;
    const left = state.namespaces.get(namespace)! - 1;
    if (left === 0) state.namespaces.delete(namespace);
    else state.namespaces.set(namespace, left);
    return;
  }
  const next = slot?.with(template, listings, order) ?? new Slot(template, listings, order);
  if (position !== undefined) {
    state.touch(position);
    state.slots[position] = next;
    return;
  }
  state.touch(state.slots.length);
  state.byId.set(id, state.slots.length);
  state.slots.push(next);
  state.size++;
  state.namespaces.set(namespace, (state.namespaces.get(namespace) ?? 0) + 1);
}
