/**
 * Test doubles and coverage tools shared by the machine tests.
 *
 * - fakePromise(): a fromPromise actor whose every run waits until the test resolves or rejects it.
 * - fakeCallback(): a fromCallback actor that hands its `sendBack` to the test while it runs.
 * - Coverage: records, through the public parts of the actor inspection API (each microstep's snapshot and
 *   event) and the machine's own transition selection (getTransitionData), every state node entered and
 *   every transition taken, to compare with the machine's own list of state nodes and transitions
 *   (xstate/graph's getStateNodes and toDirectedGraph). No private field (`_nodes`, `_transitions`) is read.
 * - replayModel(): the xstate/graph test model of a machine (createTestModel), its shortest paths
 *   (getShortestPaths) replayed on live actors with the model's testPath.
 */
import {
  createMachine, fromCallback, fromPromise, type AnyActorRef, type AnyEventObject, type AnyMachineSnapshot, type AnyStateMachine, type EventFromLogic,
  type EventObject, type InputFrom, type InspectionEvent, type SimulatedClock, type SnapshotFrom, type StateValue,
} from 'xstate';
import { createTestModel, getStateNodes, toDirectedGraph, type DirectedGraphNode, type TestModel, type TestParam, type TestPath } from 'xstate/graph';
import { expect } from 'vitest';

/** Lets pending promise callbacks and actor deliveries run to completion (no timers involved). */
export async function flush(): Promise<void> {
  for (let round = 0; round < 5; round += 1) await Promise.resolve();
}

export interface PromiseRun<TOutput, TInput> {
  input: TInput;
  resolve(output: TOutput): void;
  reject(error: unknown): void;
}

export function fakePromise<TOutput, TInput = void>(name: string) {
  const runs: Array<PromiseRun<TOutput, TInput>> = [];
  const pending = new Set<PromiseRun<TOutput, TInput>>();
  const logic = fromPromise<TOutput, TInput>(({ input }) =>
    new Promise<TOutput>((resolve, reject) => {
      const run: PromiseRun<TOutput, TInput> = {
        input,
        resolve: (output) => { pending.delete(run); resolve(output); },
        reject: (error) => { pending.delete(run); reject(error); },
      };
      runs.push(run);
      pending.add(run);
    }));
  return {
    logic,
    runs,
    /** The one run still waiting for an answer; fails the test when none (or several) are waiting. */
    current(): PromiseRun<TOutput, TInput> {
      if (pending.size !== 1) throw new Error(`expected one pending ${name} run, found ${pending.size}`);
      return [...pending][0]!;
    },
  };
}

export interface CallbackRun<TInput> {
  input: TInput;
  sendBack(event: AnyEventObject): void;
  stopped: boolean;
}

export function fakeCallback<TInput>(name: string) {
  const runs: Array<CallbackRun<TInput>> = [];
  const logic = fromCallback<EventObject, TInput>(({ input, sendBack }) => {
    const run: CallbackRun<TInput> = { input, sendBack, stopped: false };
    runs.push(run);
    return () => { run.stopped = true; };
  });
  return {
    logic,
    runs,
    /** The running instance; fails the test when the machine is not running this actor. */
    live(): CallbackRun<TInput> {
      const live = runs.filter((run) => !run.stopped);
      if (live.length !== 1) throw new Error(`expected one running ${name}, found ${live.length}`);
      return live[0]!;
    },
  };
}

type StateNodeOf = AnyStateMachine['root'];
type TransitionOf = NonNullable<StateNodeOf['always']>[number];

/** The key of a transition: its source state node, its event ('(always)' for an eventless one) and its place among that event's branches. */
function transitionKey(transition: TransitionOf): string {
  const source = transition.source;
  const siblings = transition.eventType === '' ? source.always ?? [] : source.transitions.get(transition.eventType) ?? [];
  return `#${source.id} ${transition.eventType || '(always)'} [${siblings.indexOf(transition)}]`;
}

/** Every state node of the machine, the root first (xstate/graph's getStateNodes lists those below the root). */
function allNodes(machine: AnyStateMachine): StateNodeOf[] {
  return [machine.root, ...getStateNodes(machine.root)];
}

/** Every state node id of the machine (the root included). */
export function machineStateIds(machine: AnyStateMachine): string[] {
  return allNodes(machine).map((node) => `#${node.id}`);
}

/** The graph's edges (one per transition and target: xstate/graph's toDirectedGraph), flattened. */
function graphEdges(node: DirectedGraphNode): DirectedGraphNode['edges'] {
  return [...node.edges, ...node.children.flatMap(graphEdges)];
}

/**
 * Every transition the machine defines, one key per (source, event, branch): the edges of xstate/graph's
 * directed graph (events, invocations' outcomes and delays), plus the eventless ones, which it leaves out.
 */
export function machineTransitionKeys(machine: AnyStateMachine): string[] {
  const transitions = new Set<TransitionOf>(graphEdges(toDirectedGraph(machine)).map((edge) => edge.transition));
  for (const node of allNodes(machine)) node.always?.forEach((transition) => transitions.add(transition));
  return [...transitions].map(transitionKey);
}

/** Every event type the machine listens for anywhere. */
export function machineEventTypes(machine: AnyStateMachine): string[] {
  return [...new Set(allNodes(machine).flatMap((node) => [...node.transitions.keys()]))];
}

/** The state nodes a snapshot is in, from its state value (the root, then each level down). */
function activeNodes(snapshot: AnyMachineSnapshot): StateNodeOf[] {
  const nodes: StateNodeOf[] = [];
  const visit = (node: StateNodeOf, value: StateValue | undefined) => {
    nodes.push(node);
    if (typeof value === 'string') visit(node.states[value]!, undefined);
    else if (value) for (const [key, child] of Object.entries(value)) visit(node.states[key]!, child);
  };
  visit(snapshot.machine.root, snapshot.value);
  return nodes;
}

/**
 * The eventless transitions that took `before` to `after` in one microstep: per atomic state of `before`
 * (document order), the first eventless transition of it or of an ancestor whose targets `after` is in,
 * as XState selects them. A guarded branch is told from its siblings by its targets only: two branches of
 * one eventless transition to the same state would count as the first (no machine has them; none is guarded today).
 */
function eventlessTaken(before: AnyMachineSnapshot, after: AnyMachineSnapshot): TransitionOf[] {
  const active = new Set(activeNodes(after));
  const taken = new Set<TransitionOf>();
  const atomic = activeNodes(before).filter((node) => Object.keys(node.states).length === 0);
  for (const leaf of atomic) {
    for (let node: StateNodeOf | undefined = leaf; node; node = node.parent) {
      const transition = node.always?.find((candidate) => (candidate.target ?? []).every((target) => active.has(target)));
      if (transition) { taken.add(transition); break; }
    }
  }
  return [...taken];
}

/** The state value a machine starts in before its eventless transitions run (each compound state's initial child). */
function initialValue(node: StateNodeOf): StateValue {
  const children = Object.entries(node.states);
  if (node.type === 'parallel') return Object.fromEntries(children.map(([key, child]) => [key, initialValue(child)]));
  const first = node.initial?.target[0];
  if (!first) return {};
  return Object.keys(first.states).length === 0 ? first.key : { [first.key]: initialValue(first) };
}

/**
 * What a live actor really went through, recorded with the public parts of the inspection API: each
 * microstep's snapshot (the state nodes it is in, transient ones included) and, from the snapshot
 * before it, the transitions it took: an event's are the machine's own selection for that event
 * (`machine.getTransitionData`, what XState runs), the microsteps after it are eventless transitions
 * (the machines raise no events), found by eventlessTaken.
 */
export class Coverage {
  readonly states = new Set<string>();
  readonly transitions = new Set<string>();
  /** Per actor: its last snapshot, and whether its next microstep starts a macrostep (is the event's own). */
  private readonly actors = new WeakMap<object, { last: AnyMachineSnapshot | null; startsMacrostep: boolean }>();

  /** Pass to createActor(..., { inspect }). */
  readonly inspect = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.microstep' && inspection.type !== '@xstate.snapshot') return;
    const snapshot = inspection.snapshot as AnyMachineSnapshot;
    if (!('machine' in snapshot)) return;
    const actor = this.actors.get(inspection.actorRef) ?? { last: null, startsMacrostep: true };
    this.actors.set(inspection.actorRef, actor);
    if (inspection.type === '@xstate.snapshot') {
      this.addSnapshot(snapshot);
      actor.last = snapshot;
      actor.startsMacrostep = true;
      return;
    }
    this.addSnapshot(snapshot);
    const { event } = inspection;
    // The start's microstep already shows where eventless transitions took the initial state: start from that state.
    const before = actor.last ?? (event.type === 'xstate.init' ? snapshot.machine.resolveState({ value: initialValue(snapshot.machine.root), context: snapshot.context }) : null);
    if (before && actor.startsMacrostep && event.type !== 'xstate.init') {
      if (event.type !== 'xstate.stop') for (const transition of snapshot.machine.getTransitionData(before, event)) this.transitions.add(transitionKey(transition));
    } else if (before) {
      for (const transition of eventlessTaken(before, snapshot)) this.transitions.add(transitionKey(transition));
    }
    actor.last = snapshot;
    actor.startsMacrostep = false;
  };

  addSnapshot(snapshot: unknown): void {
    for (const node of activeNodes(snapshot as AnyMachineSnapshot)) this.states.add(`#${node.id}`);
  }

  /** Fails with the list of state nodes and transitions of `machine` that no run reached. */
  expectComplete(machine: AnyStateMachine): void {
    expect(machineStateIds(machine).filter((id) => !this.states.has(id)), 'state nodes never entered').toEqual([]);
    expect(machineTransitionKeys(machine).filter((key) => !this.transitions.has(key)), 'transitions never taken').toEqual([]);
  }
}

interface StateConfigLike {
  id?: string;
  invoke?: InvokeConfigLike | InvokeConfigLike[];
  after?: Record<string, unknown>;
  on?: Record<string, unknown>;
  states?: Record<string, StateConfigLike>;
}
interface InvokeConfigLike {
  id?: string;
  onDone?: unknown;
  onError?: unknown;
}

/** `nodeId` is the state node's id (machine id and keys joined by dots), which delayed events carry. */
function invokesAsTransitions(config: StateConfigLike, nodeId: string): StateConfigLike {
  const { invoke, after, on, states, ...rest } = config;
  const invokes = invoke === undefined ? [] : Array.isArray(invoke) ? invoke : [invoke];
  const outcomes: Record<string, unknown> = {};
  for (const { id, onDone, onError } of invokes) {
    if (!id) throw new Error('model-based tests need an explicit id on every invoke');
    if (onDone) outcomes[`xstate.done.actor.${id}`] = onDone;
    if (onError) outcomes[`xstate.error.actor.${id}`] = onError;
  }
  for (const [delay, transition] of Object.entries(after ?? {})) outcomes[`xstate.after.${delay}.${nodeId}`] = transition;
  return {
    ...rest,
    on: { ...on, ...outcomes },
    ...(states && {
      states: Object.fromEntries(Object.entries(states).map(([key, child]) => [key, invokesAsTransitions(child, `${nodeId}.${key}`)])),
    }),
  };
}

/**
 * The machine as xstate/graph can walk it: createTestModel refuses invocations and delayed
 * transitions, so each invoke's onDone/onError becomes an ordinary transition on the same state for
 * the event the invoked actor would raise (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`), and
 * each `after` one for the event its timer would raise (`xstate.after.<delay>.<state id>`). Same state
 * ids, same targets, same guards and actions (the machine's own implementations), same order of branches.
 */
function invocationsAsEvents<TMachine extends AnyStateMachine>(machine: TMachine): TMachine {
  const config = invokesAsTransitions(machine.config as StateConfigLike, machine.id);
  const implementations = machine.implementations as Parameters<typeof createMachine>[1];
  return createMachine(config as Parameters<typeof createMachine>[0], implementations) as unknown as TMachine;
}

/**
 * Traversal options for createTestModel.
 *
 * serializeState: one vertex per (state value, the context the machine's guards read, the step that
 * led there). Keying on the incoming step makes every edge a vertex, so the shortest paths take every
 * transition; leaving out context that no guard reads (cash, counters, notices) keeps the walk small
 * without hiding any branch.
 * stopWhen: a finished machine takes no more events (the pure transition function would).
 */
function modelTraversal<TSnapshot extends AnyMachineSnapshot>(guardedContext: (snapshot: TSnapshot) => unknown) {
  return {
    serializeState: (snapshot: TSnapshot, event: EventObject | undefined, previous?: TSnapshot): string =>
      JSON.stringify({ value: snapshot.value, context: guardedContext(snapshot), via: event, from: previous?.value }),
    stopWhen: (snapshot: TSnapshot) => snapshot.status !== 'active',
  };
}

/** One live actor under test plus the fakes that let a model step be replayed on it. */
export interface ModelHarness {
  actor: AnyActorRef;
  /** Fake promise actors by invoke id: a model step `xstate.done.actor.<id>` resolves the pending run. */
  promises: Record<string, { current(): PromiseRun<unknown, unknown> }>;
  /** Events that a running callback actor sends in real life are sent through that actor. */
  callbackFor?(event: AnyEventObject): { live(): CallbackRun<unknown> } | undefined;
  /** The live actor's clock: a model step `xstate.after.<delay>.<state>` moves it on by that delay. */
  clock?: SimulatedClock;
}

/** The milliseconds of a delayed transition's event (`xstate.after.<delay>.<state id>`), named or numeric. */
function delayOf(machine: AnyStateMachine, afterEvent: string, snapshot: AnyMachineSnapshot): number {
  const name = afterEvent.split('.')[2]!;
  const named = (machine.implementations.delays as Record<string, unknown>)[name];
  // A delay read from the context (e.g. the reality check's interval) is read from the live actor's.
  const ms = named === undefined ? Number(name)
    : typeof named === 'function' ? (named as (args: { context: unknown }) => unknown)({ context: snapshot.context }) : named;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) throw new Error(`cannot tell the delay of ${afterEvent}`);
  return ms;
}

async function deliver(machine: AnyStateMachine, harness: ModelHarness, event: AnyEventObject): Promise<void> {
  const done = /^xstate\.done\.actor\.(.+)$/.exec(event.type);
  const failed = /^xstate\.error\.actor\.(.+)$/.exec(event.type);
  const settle = done ?? failed;
  if (event.type.startsWith('xstate.after.')) {
    if (!harness.clock) throw new Error(`${event.type} needs the harness clock`);
    harness.clock.increment(delayOf(machine, event.type, harness.actor.getSnapshot() as AnyMachineSnapshot));
  } else if (settle) {
    const fake = harness.promises[settle[1]!];
    if (!fake) throw new Error(`no fake for invoked actor ${settle[1]}`);
    const run = fake.current();
    if (done) run.resolve(event.output);
    else run.reject(event.error);
  } else {
    const source = harness.callbackFor?.(event);
    if (source) source.live().sendBack(event);
    else harness.actor.send(event);
  }
  await flush();
}

/**
 * Replays every path on a fresh live actor: each step's event is delivered the way it happens in
 * real life (a settled fake promise, a callback actor's sendBack, time passing, or a plain send), and after each
 * step the live actor must be in the model's state value with the same guarded context (the part
 * of the context the model's vertices are keyed on, see modelTraversal).
 */
async function driveModelPaths<TSnapshot extends AnyMachineSnapshot, TEvent extends EventObject>(
  machine: AnyStateMachine,
  model: TestModel<TSnapshot, TEvent, unknown>,
  paths: Array<TestPath<TSnapshot, TEvent>>,
  createHarness: (coverage: Coverage) => ModelHarness,
  guardedContext: (snapshot: TSnapshot) => unknown = () => null,
  coverage: Coverage = new Coverage(),
): Promise<Coverage> {
  const eventTypes = machineEventTypes(machine);
  for (const path of paths) {
    const harness = createHarness(coverage);
    coverage.addSnapshot(harness.actor.getSnapshot());
    // Executors are typed by event type only; at run time each step carries the full event.
    const events = Object.fromEntries(
      eventTypes.map((type) => [type, (step: { event: EventObject }) => deliver(machine, harness, step.event as AnyEventObject)]),
    ) as unknown as TestParam<TSnapshot, TEvent>['events'];
    await model.testPath(path, {
      events,
      states: {
        '*': (expected) => {
          const actual = harness.actor.getSnapshot() as TSnapshot;
          expect(actual.status).toBe(expected.status);
          expect(actual.value).toEqual(expected.value);
          expect(guardedContext(actual)).toEqual(guardedContext(expected));
        },
      },
    });
    harness.actor.stop();
  }
  return coverage;
}

/**
 * The model test of a machine: the xstate/graph model of it (invocations as events, these events),
 * its shortest paths replayed on live actors (driveModelPaths), every state node and transition
 * covered. Returns the paths, for checks of what they reach.
 */
export async function replayModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  { events, guardedContext = () => null, input, inputs, harness }: {
    events: AnyEventObject[];
    /** The part of the context the machine's guards read (see modelTraversal); none by default. */
    guardedContext?: (snapshot: SnapshotFrom<TMachine>) => unknown;
    /** The machine's input, when it takes one. */
    input?: InputFrom<TMachine>;
    /** Several inputs, when some branches depend on the input: one model each, covered together. */
    inputs?: Array<InputFrom<TMachine>>;
    /** A live actor for a path; `input` is the path's model's. */
    harness: (coverage: Coverage, input?: InputFrom<TMachine>) => ModelHarness;
  },
): Promise<Array<TestPath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>>> {
  const coverage = new Coverage();
  const paths: Array<TestPath<SnapshotFrom<TMachine>, EventFromLogic<TMachine>>> = [];
  for (const modelInput of inputs ?? [input]) {
    const model = createTestModel(invocationsAsEvents(machine), {
      events: events as EventFromLogic<TMachine>[],
      ...(modelInput === undefined ? {} : { input: modelInput }),
      ...modelTraversal(guardedContext),
    });
    const modelPaths = model.getShortestPaths();
    await driveModelPaths(machine, model, modelPaths, (shared) => harness(shared, modelInput), guardedContext, coverage);
    paths.push(...modelPaths);
  }
  coverage.expectComplete(machine);
  return paths;
}
