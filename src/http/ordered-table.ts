// A keyed table kept in the order its entries were last pushed, with O(1) lookup, push, delete and
// access to the oldest entry: a Map for lookup, a doubly linked list for the order. A Map alone is not
// enough: V8 leaves a hole for each deleted entry until it rehashes, and finding the first key skips
// them, so a Map used as a queue pays for every entry removed from its front since the last rehash.

interface Node<V> {
  readonly key: string;
  value: V;
  prev: Node<V> | undefined;
  next: Node<V> | undefined;
}

export class OrderedTable<V> {
  private readonly nodes = new Map<string, Node<V>>();
  private head: Node<V> | undefined;
  private tail: Node<V> | undefined;

  get size(): number {
    return this.nodes.size;
  }

  get(key: string): V | undefined {
    return this.nodes.get(key)?.value;
  }

  /** Sets the key's value and makes it the newest entry. */
  push(key: string, value: V): void {
    let node = this.nodes.get(key);
    if (node) {
      node.value = value;
      this.unlink(node);
    } else {
      node = { key, value, prev: undefined, next: undefined };
      this.nodes.set(key, node);
    }
    node.prev = this.tail;
    node.next = undefined;
    if (this.tail) this.tail.next = node;
    else this.head = node;
    this.tail = node;
  }

  delete(key: string): void {
    const node = this.nodes.get(key);
    if (!node) return;
    this.nodes.delete(key);
    this.unlink(node);
  }

  /** The oldest entry, if any. */
  oldest(): { readonly key: string; readonly value: V } | undefined {
    return this.head;
  }

  private unlink(node: Node<V>): void {
    if (node.prev) node.prev.next = node.next;
    else this.head = node.next;
    if (node.next) node.next.prev = node.prev;
    else this.tail = node.prev;
  }
}
