/**
 * The web app runs on preact/compat (vite.config.ts aliases `react` and `react-dom` to it),
 * which speaks React 18.3's API. This module gives it the React 19 behaviours the app and
 * its libraries rely on; main.tsx and the component tests' setup import it before anything
 * renders (docs/decisions.md says why Preact, and what it costs).
 */
import { options, type Ref as PreactRef, type VNode } from 'preact';

type Ref = PreactRef<unknown>;

/** A class component keeps its `ref` (it points at the instance, as in React). */
const isClassComponent = (type: VNode['type']) =>
  typeof type === 'function' && typeof (type.prototype as { render?: unknown } | undefined)?.render === 'function';

/**
 * React 19 passes `ref` to a function component as a plain prop, so `<Input ref={…}>` and
 * react-hook-form's `{...register('name')}` reach the <input> the component spreads its
 * props on. Preact, like React 18, takes `ref` out of the props and points it at the
 * component instance instead: hand it back to the component as a prop.
 */
function refAsProp(vnode: VNode<{ ref?: unknown }>): void {
  if (typeof vnode.type !== 'function' || !vnode.ref || isClassComponent(vnode.type)) return;
  vnode.props.ref = vnode.ref;
  vnode.ref = null;
}

/** The elements focused for their `autoFocus` already: React focuses one once, as it mounts. */
const autoFocused = new WeakSet<Element>();
const focusOnceMounted = new WeakMap<NonNullable<Ref>, Ref>();

function focusOnce(node: unknown): undefined {
  if (!(node instanceof HTMLElement) || autoFocused.has(node)) return undefined;
  autoFocused.add(node);
  node.focus();
  return undefined;
}

/** `ref`, after focusing the element the first time it is attached. */
function withFocusOnMount(ref: Ref | undefined): Ref {
  if (!ref) return focusOnce;
  let combined = focusOnceMounted.get(ref);
  if (!combined) {
    combined = (node: unknown) => {
      focusOnce(node);
      if (typeof ref === 'function') return ref(node);
      ref.current = node;
      return undefined;
    };
    focusOnceMounted.set(ref, combined);
  }
  return combined;
}

/**
 * React focuses an element rendered with `autoFocus` when it mounts; Preact only writes the
 * attribute, which the browser honours once per page load, so a field that appears later
 * (a dialog's PIN, the next step's amount) would not get the focus. The element's ref runs
 * once it is in the document, which is when it can take the focus.
 */
function autoFocusOnMount(vnode: VNode<{ autoFocus?: boolean; autofocus?: boolean }>): void {
  if (typeof vnode.type !== 'string' || !(vnode.props.autoFocus ?? vnode.props.autofocus)) return;
  vnode.ref = withFocusOnMount(vnode.ref);
}

/**
 * Preact's private names, as its published builds spell them (preact/mangle.json): the hook
 * run as a tree starts rendering into a container (`_root`), and a vnode's useId counter
 * (`_mask`, [prefix, next]), which preact/hooks shares down from the root and through portals.
 * preact-react19.test.tsx fails if a Preact release renames them.
 */
interface PreactInternals {
  __?: (vnode: VNode | null, parent: unknown) => void;
}
type MaskedVNode = VNode & { __m?: [number, number] };

let nextRootPrefix = 0;

/**
 * React's useId is unique in the page. Preact's counts per render root, and a portal opened
 * before anything above it asked for an id (a dialog's) starts a count of its own: two
 * dialogs, one opened from the other, both named their title `radix-P0-1`, and the second
 * took the first one's name. Each root that brings no counter gets one with its own prefix.
 */
function uniqueIdsPerRoot(vnode: VNode | null): void {
  const masked = vnode as MaskedVNode | null;
  if (masked && !masked.__m) masked.__m = [nextRootPrefix++, 0];
}

const internals = options as typeof options & PreactInternals;
const previousRootHook = internals.__;
internals.__ = (vnode, parent) => {
  previousRootHook?.(vnode, parent);
  uniqueIdsPerRoot(vnode);
};

const previousVnodeHook = options.vnode;
options.vnode = (vnode) => {
  refAsProp(vnode);
  autoFocusOnMount(vnode);
  previousVnodeHook?.(vnode);
};
