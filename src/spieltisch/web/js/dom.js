// @ts-check
// Views drawn by description: h() says what a part of the screen holds, render() makes a container's
// nodes hold it by changing the nodes already there. An element of the same tag at the same place
// (or with the same key) is kept and only its attributes, handlers and children change; only what is
// new is created, only what is gone is removed. So the node a player is on survives a server's view:
// a focused field keeps the focus, a tile being dragged keeps its pointer. (No library: the serve
// command must work without Node, and this is all the screens need.)
//
// What a description does not say is left alone: a class or an attribute set by someone else (a
// drag's is-drag-source, a clock's style) stays until the description itself had and dropped it.

const SVG = "http://www.w3.org/2000/svg";
/** Props set as properties, not attributes (what a person changes in the page). */
const PROPERTIES = new Set(["value", "checked"]);

/**
 * A child in a description: an element's description, a real node (put in as it is, never
 * changed), text, or nothing; arrays are flattened.
 * @typedef {VNode | Node | string | number | boolean | null | undefined | Child[]} Child
 */

/** What one element is to hold (h() makes it). */
export class VNode {
  /**
   * @param {string} tag
   * @param {string[]} classes  from the spec ("button.primary")
   * @param {Record<string, any>} props  attributes, on<event> handlers, class, key, ref, innerHTML
   * @param {(VNode | Node | string)[]} children
   */
  constructor(tag, classes, props, children) {
    this.tag = tag;
    this.props = props;
    this.children = children;
    /** @type {string | number | null} */
    this.key = props.key ?? null;
    this.classes = [...classes, ...String(props.class ?? "").split(/\s+/)].filter(Boolean);
  }
}

/**
 * h("button.primary", {onclick, "data-testid": "ok", key: "ok"}, "OK", child…): the same call as
 * ui.js's h(), giving a description instead of an element.
 * @param {string} spec  tag and classes
 * @param {Record<string, any> | null} [props]
 * @param {...Child} children
 */
export function h(spec, props = {}, ...children) {
  const [tag, ...classes] = spec.split(".");
  return new VNode(tag || "div", classes, props || {}, flatten(children));
}

/** @param {Child[]} children @returns {(VNode | Node | string)[]} */
function flatten(children) {
  /** @type {(VNode | Node | string)[]} */
  const out = [];
  for (const child of children) {
    if (Array.isArray(child)) out.push(...flatten(child));
    else if (child === null || child === undefined || child === false || child === true) continue;
    else out.push(child instanceof VNode || child instanceof Node ? child : String(child));
  }
  return out;
}

/** @type {WeakMap<Node, VNode>} the description each element was last made to hold */
const described = new WeakMap();
/** @type {WeakMap<Element, Record<string, ((e: Event) => void) | null>>} each element's handlers */
const handlers = new WeakMap();

/** @this {Element} @param {Event} e */
function dispatch(e) {
  handlers.get(this)?.[e.type]?.call(this, e);
}

/** A new node for a child of a description. @param {VNode | Node | string} child @param {boolean} svg */
export function create(child, svg = false) {
  if (child instanceof Node) return child;
  if (!(child instanceof VNode)) return document.createTextNode(child);
  const inSvg = svg || child.tag === "svg";
  const el = inSvg ? document.createElementNS(SVG, child.tag) : document.createElement(child.tag);
  update(el, null, child, inSvg && child.tag !== "foreignObject");
  return el;
}

/**
 * Make `container`'s children what `description` says (one child or a list), keeping the nodes
 * that are there wherever they fit.
 * @param {Element} container
 * @param {Child} description
 */
export function render(container, description) {
  children(container, flatten([description]), container.namespaceURI === SVG && container.tagName !== "foreignObject");
}

/**
 * Make `node` hold `description`: the same node when it is an element of that tag, else a new one
 * put in its place. Returns the node that holds it.
 * @param {Element | null} node
 * @param {VNode} description
 */
export function patch(node, description) {
  if (!node || !fits(node, description)) {
    const fresh = /** @type {Element} */ (create(description, node?.namespaceURI === SVG));
    node?.replaceWith(fresh);
    return fresh;
  }
  update(node, described.get(node) ?? null, description, node.namespaceURI === SVG && description.tag !== "foreignObject");
  return node;
}

/** Whether a node can be kept to hold a child. @param {Node} node @param {VNode | Node | string} child */
function fits(node, child) {
  if (child instanceof VNode) {
    // Only an element made here is changed: one made by other code is replaced whole.
    const made = described.get(node);
    return made !== undefined && /** @type {Element} */ (node).localName === child.tag && made.key === child.key;
  }
  return typeof child === "string" ? node.nodeType === Node.TEXT_NODE : node === child;
}

/**
 * Set an element's attributes, classes, handlers and children from its description (`old`: the one
 * it held, null for a new element).
 * @param {Element} el @param {VNode | null} old @param {VNode} next @param {boolean} svg
 */
function update(el, old, next, svg) {
  const before = old?.props ?? {};
  for (const [name, value] of Object.entries(next.props)) {
    if (name === "key" || name === "ref" || name === "class" || name === "innerHTML") continue;
    if (name.startsWith("on") && (typeof value === "function" || typeof before[name] === "function")) {
      setHandler(el, name.slice(2), value ?? null);
    } else if (PROPERTIES.has(name)) {
      if (el[name] !== value) el[name] = value;
    } else if (value === null || value === undefined || value === false) {
      el.removeAttribute(name);
    } else {
      const text = value === true ? "" : String(value);
      if (el.getAttribute(name) !== text) el.setAttribute(name, text);
    }
  }
  for (const name of Object.keys(before)) {
    if (name in next.props || name === "key" || name === "ref" || name === "class" || name === "innerHTML") continue;
    if (name.startsWith("on") && typeof before[name] === "function") setHandler(el, name.slice(2), null);
    else if (!PROPERTIES.has(name)) el.removeAttribute(name);
  }
  for (const name of old?.classes ?? []) if (!next.classes.includes(name)) el.classList.remove(name);
  if (next.classes.length) el.classList.add(...next.classes);
  described.set(el, next);
  // Markup drawn as one (an SVG tile): written when it changed, its nodes not described one by one.
  if ("innerHTML" in next.props) {
    if (!old || old.props.innerHTML !== next.props.innerHTML) el.innerHTML = next.props.innerHTML ?? "";
  } else {
    children(el, next.children, svg);
  }
  next.props.ref?.(el);
}

/** @param {Element} el @param {string} type @param {((e: Event) => void) | null} fn */
function setHandler(el, type, fn) {
  let own = handlers.get(el);
  if (!own) handlers.set(el, (own = {}));
  if (!(type in own)) el.addEventListener(type, dispatch);
  own[type] = fn;
}

/**
 * Reconcile `parent`'s child nodes with `wanted`: keyed descriptions find their node by key, the
 * others the next unkeyed node in order; what found none is created, what was not found removed.
 * @param {Element} parent @param {(VNode | Node | string)[]} wanted @param {boolean} svg
 */
function children(parent, wanted, svg) {
  const old = [...parent.childNodes];
  /** @type {Map<string | number, Node>} */
  const byKey = new Map();
  /** @type {Node[]} */
  const unkeyed = [];
  const given = new Set(wanted.filter((child) => child instanceof Node));
  for (const node of old) {
    const key = described.get(node)?.key ?? null;
    if (key !== null) byKey.set(key, node);
    else if (!given.has(node)) unkeyed.push(node);
  }
  let next = 0;
  const nodes = wanted.map((child) => {
    if (child instanceof Node) return child;
    /** @type {Node | undefined} */
    let node;
    if (child instanceof VNode && child.key !== null) {
      node = byKey.get(child.key);
      byKey.delete(child.key);
    } else {
      node = unkeyed[next++];
    }
    if (!node || !fits(node, child)) return create(child, svg);
    if (child instanceof VNode) update(/** @type {Element} */ (node), described.get(node) ?? null, child, svg && child.tag !== "foreignObject");
    else if (node.nodeValue !== child) node.nodeValue = child;
    return node;
  });
  // Remove first, then put in order: a node that stays is moved only when it is out of order (a
  // moved node loses the focus), never because something before it went.
  const keep = new Set(nodes);
  for (const node of old) if (!keep.has(node)) parent.removeChild(node);
  nodes.forEach((node, i) => {
    const at = parent.childNodes[i] ?? null;
    if (at !== node) parent.insertBefore(node, at);
  });
}
