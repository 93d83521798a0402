// The keyed update of dom.js (the views drawn by description) on a tiny DOM of the test's own: what
// a description keeps stays the same node, what it adds is created, what it drops is removed.

import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";

import { create, h, patch, render } from "../../src/spieltisch/web/js/dom.js";

// ---- a tiny DOM: just what dom.js touches --------------------------------------------------------

class FakeNode {
  static ELEMENT_NODE = 1;
  static TEXT_NODE = 3;
  constructor(nodeType) {
    this.nodeType = nodeType;
    /** @type {FakeNode[]} */
    this.childNodes = [];
    /** @type {FakeNode | null} */
    this.parentNode = null;
  }

  insertBefore(node, before) {
    if (node.parentNode) {
      node.parentNode.removeChild(node); // a move: the node leaves its place (and the focus)
      created.moves += 1;
    }
    const i = before ? this.childNodes.indexOf(before) : this.childNodes.length;
    this.childNodes.splice(i, 0, node);
    node.parentNode = this;
    return node;
  }

  appendChild(node) {
    return this.insertBefore(node, null);
  }

  removeChild(node) {
    this.childNodes.splice(this.childNodes.indexOf(node), 1);
    node.parentNode = null;
    if (focus.node === node || node.contains?.(focus.node)) focus.node = null; // a removed node loses the focus
    return node;
  }

  replaceWith(node) {
    this.parentNode.insertBefore(node, this);
    this.parentNode.removeChild(this);
  }

  contains(node) {
    return node === this || this.childNodes.some((child) => child.contains(node));
  }
}

class FakeText extends FakeNode {
  constructor(text) {
    super(FakeNode.TEXT_NODE);
    this.nodeValue = text;
  }
}

class FakeElement extends FakeNode {
  constructor(tag, ns = "http://www.w3.org/1999/xhtml") {
    super(FakeNode.ELEMENT_NODE);
    this.localName = tag;
    this.tagName = tag.toUpperCase();
    this.namespaceURI = ns;
    this.attributes = new Map();
    this.listeners = [];
    this.html = null;
    const classes = new Set();
    this.classList = {
      add: (...names) => names.forEach((n) => classes.add(n)),
      remove: (...names) => names.forEach((n) => classes.delete(n)),
      contains: (n) => classes.has(n),
      toString: () => [...classes].join(" "),
    };
    created.elements += 1;
  }

  get className() { return this.classList.toString(); }
  setAttribute(name, value) { this.attributes.set(name, String(value)); }
  getAttribute(name) { return this.attributes.has(name) ? this.attributes.get(name) : null; }
  removeAttribute(name) { this.attributes.delete(name); }
  addEventListener(type, fn) { this.listeners.push({ type, fn }); }
  set innerHTML(markup) { this.childNodes = []; this.html = markup; created.html += 1; }
  get textContent() { return this.childNodes.map((/** @type {any} */ c) => (c.nodeType === 3 ? c.nodeValue : c.textContent)).join(""); }
  focus() { focus.node = this; }

  /** Fire an event as the browser would: each listener with `this` the element. */
  fire(type, detail = {}) {
    const event = { type, currentTarget: this, ...detail };
    for (const l of this.listeners) if (l.type === type) l.fn.call(this, event);
  }
}

const created = { elements: 0, moves: 0, html: 0 };
const focus = { node: null };

globalThis.Node = /** @type {any} */ (FakeNode);
globalThis.document = /** @type {any} */ ({
  createElement: (tag) => new FakeElement(tag),
  createElementNS: (ns, tag) => new FakeElement(tag, ns),
  createTextNode: (text) => new FakeText(text),
});

/** @returns {any} */
function container() {
  return new FakeElement("div");
}

beforeEach(() => {
  created.elements = 0;
  created.moves = 0;
  created.html = 0;
  focus.node = null;
});

// ---- the tests -----------------------------------------------------------------------------------

describe("render keeps the nodes a description keeps", () => {
  test("the same tag at the same place is the same node; its attributes and text follow", () => {
    const root = container();
    render(root, h("div.game", { "data-turn": 1 }, h("button.ok", { disabled: true }, "OK"), h("p", {}, "Zug 1")));
    const [game] = root.childNodes;
    const [ok, line] = game.childNodes;
    assert.equal(ok.getAttribute("disabled"), "");
    render(root, h("div.game", { "data-turn": 2 }, h("button.ok", { disabled: false }, "OK"), h("p", {}, "Zug 2")));
    assert.equal(root.childNodes[0], game);
    assert.deepEqual(game.childNodes, [ok, line]);
    assert.equal(game.getAttribute("data-turn"), "2");
    assert.equal(ok.getAttribute("disabled"), null);
    assert.equal(line.textContent, "Zug 2");
  });

  test("a focused input survives an update and keeps the focus", () => {
    const root = container();
    const view = (n) => h("form", {}, h("label", {}, `${n} Spieler`), h("input", { "data-testid": "name", value: "Ann" }), h("span", {}, String(n)));
    render(root, view(1));
    const input = root.childNodes[0].childNodes[1];
    input.focus();
    render(root, view(2));
    assert.equal(root.childNodes[0].childNodes[1], input);
    assert.equal(focus.node, input);
    assert.equal(created.moves, 0, "nothing moved, so nothing lost the focus");
  });

  test("keyed children reorder without being made anew", () => {
    const root = container();
    const list = (keys) => h("ol", {}, keys.map((k) => h("li", { key: k }, k)));
    render(root, list(["a", "b", "c", "d"]));
    const [a, b, c, d] = root.childNodes[0].childNodes;
    created.elements = 0;
    render(root, list(["d", "b", "a", "c"]));
    assert.deepEqual(root.childNodes[0].childNodes, [d, b, a, c]);
    assert.equal(created.elements, 0);
    assert.deepEqual(root.childNodes[0].childNodes.map((li) => li.textContent), ["d", "b", "a", "c"]);
  });

  test("removed children are removed, new ones created; the others stay where they are", () => {
    const root = container();
    const list = (keys) => h("ul", {}, keys.map((k) => h("li", { key: k }, k)));
    render(root, list(["a", "b", "c"]));
    const [a, , c] = root.childNodes[0].childNodes;
    c.focus();
    created.moves = 0;
    render(root, list(["a", "c", "e"]));
    const now = root.childNodes[0].childNodes;
    assert.equal(now.length, 3);
    assert.equal(now[0], a);
    assert.equal(now[1], c);
    assert.equal(now[2].textContent, "e");
    assert.equal(focus.node, c, "a node after a removed one is not moved");
    assert.equal(created.moves, 0);
  });

  test("an element of another tag at a place is replaced", () => {
    const root = container();
    render(root, [h("p", {}, "a"), h("div", {}, "b")]);
    const [p] = root.childNodes;
    render(root, [h("p", {}, "a"), h("section", {}, "b")]);
    assert.equal(root.childNodes[0], p);
    assert.equal(root.childNodes[1].localName, "section");
    assert.equal(root.childNodes.length, 2);
  });
});

describe("what a description says of an element", () => {
  test("a handler is swapped for the new one, not added again", () => {
    const root = container();
    const seen = [];
    render(root, h("button", { onclick: () => seen.push(1) }));
    const button = root.childNodes[0];
    render(root, h("button", { onclick: () => seen.push(2) }));
    button.fire("click");
    assert.deepEqual(seen, [2]);
    assert.equal(button.listeners.length, 1);
    render(root, h("button", {}));
    button.fire("click");
    assert.deepEqual(seen, [2], "a handler the description dropped no longer runs");
  });

  test("classes the description did not set stay (a drag's mark); its own follow it", () => {
    const root = container();
    render(root, h("div.tile", { class: "is-placed" }));
    const tile = root.childNodes[0];
    tile.classList.add("is-drag-source");
    render(root, h("div.tile", { class: "is-confirmed" }));
    assert.equal(tile.className, "tile is-drag-source is-confirmed");
  });

  test("an attribute the description no longer has is removed; one it never had stays", () => {
    const root = container();
    render(root, h("g", { "data-tentative": "123", tabindex: "0" }));
    const g = root.childNodes[0];
    g.setAttribute("aria-busy", "true");
    render(root, h("g", { tabindex: "-1" }));
    assert.equal(g.getAttribute("data-tentative"), null);
    assert.equal(g.getAttribute("tabindex"), "-1");
    assert.equal(g.getAttribute("aria-busy"), "true");
  });

  test("markup given whole is written only when it changed", () => {
    const root = container();
    render(root, h("g", { innerHTML: "<use/>" }));
    render(root, h("g", { innerHTML: "<use/>" }));
    assert.equal(created.html, 1);
    render(root, h("g", { innerHTML: "<polygon/>" }));
    assert.equal(created.html, 2);
    assert.equal(root.childNodes[0].html, "<polygon/>");
  });

  test("an element made by other code is replaced, not taken over", () => {
    const root = container();
    const waiting = new FakeElement("div");
    waiting.classList.add("room");
    root.appendChild(waiting);
    render(root, h("div.game"));
    assert.notEqual(root.childNodes[0], waiting);
    assert.equal(root.childNodes[0].className, "game");
    assert.equal(root.childNodes.length, 1);
  });

  test("an SVG's children are made in the SVG namespace", () => {
    const svg = create(h("svg", { viewBox: "0 0 1 1" }, h("g", {}, h("title", {}, "Feld 1"))));
    const g = /** @type {any} */ (svg).childNodes[0];
    assert.equal(g.namespaceURI, "http://www.w3.org/2000/svg");
    assert.equal(g.childNodes[0].namespaceURI, "http://www.w3.org/2000/svg");
  });

  test("a real node in a description is put in as it is, and kept", () => {
    const root = container();
    const help = /** @type {any} */ (new FakeElement("section"));
    render(root, [h("p", {}, "a"), help]);
    render(root, [h("p", {}, "b"), help]);
    assert.equal(root.childNodes[1], help);
  });

  test("ref hands over the element that holds the description; patch keeps a fitting node", () => {
    let seen = null;
    const first = patch(null, h("div.clock", { ref: (el) => { seen = el; } }, "1:00"));
    assert.equal(seen, first);
    const again = patch(first, h("div.clock", {}, "0:59"));
    assert.equal(again, first);
    assert.equal(first.textContent, "0:59");
  });
});
