// One change of a registry, all or nothing: which backends of which tools leave, which come,
// what that does to each tool, every check made before the state is touched, and the events
// that tell of it.
import { InvalidToolError } from "../errors.ts";
import type { BackendKind, ChangeEvent, ToolBackend } from "../registry_types.ts";
import { describeValue } from "../_json_value.ts";
import { BACKEND_KINDS } from "./_backends.ts";
import type { Planned, ToolTemplate } from "./_registry_input.ts";
import { type RegistryState, Slot } from "./_registry_state.ts";

/** What a change does to the backends of the tools it touches. */
export interface Change {
  /** Whether the change removes this backend of the tool `id`. */
  drops(id: string, backend: ToolBackend): boolean;
  /** The IDs whose backends `drops` may remove; absent for any tool. */
  dropIds?: ReadonlySet<string>;
  /** The registrations it adds, in order. */
  adds: readonly Planned[];
}

/** The change that adds `adds` and removes nothing. */
export function addition(adds: readonly Planned[]): Change {
  return { drops: () => false, dropIds: new Set(), adds };
}

/**
 * The change that replaces every backend of kind `kind` and ID `backendId` (a source) with the
 * backends of `adds`.
 *
 * @throws {RangeError} When `kind` is not a kind of backend.
 * @throws {InvalidToolError} When one of `adds` has a backend of another source.
 */
export function replacement(
  kind: BackendKind,
  backendId: string,
  adds: readonly Planned[],
): Change {
  if (!BACKEND_KINDS.includes(kind)) {
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
  return { drops: (_id, backend) => backend.kind === kind && backend.id === backendId, adds };
}

/** Whether a tool of `state` has a backend of kind `kind` and ID `backendId`. */
export function hasSource(state: RegistryState, kind: BackendKind, backendId: string): boolean {
  return state.slots.some((slot) =>
    slot?.backends.some((backend) => backend.kind === kind && backend.id === backendId)
  );
}

/** A change's event before the version it makes is known. */
type Unversioned = Omit<ChangeEvent, "version">;

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
  const slotOf = (id: string) => {
    const position = state.byId.get(id);
    return position === undefined ? undefined : state.slots[position];
  };
  const addsOf = new Map<string, Planned[]>();
  for (const planned of change.adds) {
    const list = addsOf.get(planned.template.id);
    if (list === undefined) addsOf.set(planned.template.id, [planned]);
    else list.push(planned);
  }
  const dropIds = change.dropIds ?? new Set(
    state.slots.flatMap((slot) =>
      slot !== undefined && slot.backends.some((backend) => change.drops(slot.id, backend))
        ? [slot.id]
        : []
    ),
  );
  // The definition and new backends of every tool the change touches, in the order it does.
  const touched = new Map<string, { template: ToolTemplate; backends: ToolBackend[] }>();
  for (const id of [...dropIds, ...addsOf.keys()]) {
    if (touched.has(id)) continue;
    const slot = slotOf(id);
    const kept = slot?.backends.filter((backend) => !change.drops(id, backend)) ?? [];
    const adds = addsOf.get(id) ?? [];
    // A tool whose backends all leave takes the definition it comes back with.
    const template = kept.length > 0 ? slot!.template : adds[0]?.template ?? slot!.template;
    const backends = [...kept];
    for (const { template: added, backend } of adds) {
      if (added.definition !== template.definition) {
        throw new InvalidToolError(
          id,
          "",
          kept.length > 0
            ? "Registered again with another definition than the one its other backends reach"
            : "Defined twice in one change, differently",
        );
      }
      const same = backends.findIndex((b) => b.kind === backend.kind && b.id === backend.id);
      if (same === -1) backends.push(backend);
      else backends[same] = backend;
    }
    touched.set(id, { template, backends });
  }

  const events: Unversioned[] = [];
  let added = 0;
  for (const [id, { template, backends }] of touched) {
    const slot = slotOf(id);
    events.push(...eventsOf(id, slot, template, backends));
    if (slot === undefined && backends.length > 0) added++;
    if (slot !== undefined && backends.length === 0) added--;
  }
  if (events.length === 0) return undefined;
  if (state.size + added > maxTools) {
    throw new InvalidToolError(
      [...touched.keys()].find((id) => slotOf(id) === undefined) ?? "tools",
      "",
      `The registry would hold ${state.size + added} tools, over its limit of ${maxTools}`,
    );
  }

  const target = writable();
  for (const [id, { template, backends }] of touched) place(target, id, template, backends);
  target.version++;
  target.changed();
  return events.map((event) => ({ ...event, version: target.version }));
}

/** The events of one tool's change, from `slot` (undefined for a new tool) to `backends`. */
function eventsOf(
  id: string,
  slot: Slot | undefined,
  template: ToolTemplate,
  backends: readonly ToolBackend[],
): Unversioned[] {
  const before = slot?.backends ?? [];
  const key = (backend: ToolBackend) => `${backend.kind}\u0000${backend.id}`;
  const after = new Set(backends.map(key));
  const removed = before.filter((backend) => !after.has(key(backend)));
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
  const previous = new Map(before.map((backend) => [key(backend), backend]));
  let first = slot === undefined;
  for (const backend of backends) {
    const old = previous.get(key(backend));
    if (old !== undefined && (old === backend || JSON.stringify(old) === JSON.stringify(backend))) {
      continue;
    }
    events.push({ type: first ? "registered" : "updated", id, backend });
    first = false;
  }
  if (events.length === 0 && slot!.template.definition !== template.definition) {
    events.push({ type: "updated", id, backend: backends[0] });
  }
  return events;
}

/** Puts the tool `id` with `backends` into `state`: in its slot, a new one, or out. */
function place(
  state: RegistryState,
  id: string,
  template: ToolTemplate,
  backends: readonly ToolBackend[],
): void {
  const position = state.byId.get(id);
  const slot = position === undefined ? undefined : state.slots[position];
  const namespace = template.tool.namespace;
  if (backends.length === 0) {
    if (position === undefined) return;
    state.slots[position] = undefined;
    state.byId.delete(id);
    state.size--;
    const count = state.namespaces.get(namespace)! - 1;
    if (count === 0) state.namespaces.delete(namespace);
    else state.namespaces.set(namespace, count);
    return;
  }
  const next = slot !== undefined && slot.template === template
    ? slot.withBackends(backends)
    : new Slot(template, backends);
  if (position !== undefined) {
    state.slots[position] = next;
    return;
  }
  state.byId.set(id, state.slots.length);
  state.slots.push(next);
  state.size++;
  state.namespaces.set(namespace, (state.namespaces.get(namespace) ?? 0) + 1);
}
