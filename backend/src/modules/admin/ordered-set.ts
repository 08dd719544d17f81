// A set of things kept in one fixed order (a list screen's order), for pages by offset. The order
// key of a thing never changes (its creation time and id), so a change of a thing replaces it in
// place and an insert or removal is a binary search and one splice, whatever the set's size.
// Pure (no database).

export class OrderedSet<T extends { id: string }> {
  private readonly items: T[] = [];
  private readonly byId = new Map<string, T>();

  /** `compare`: negative when `a` comes first; must not depend on anything a change can move. */
  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.items.length;
  }

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  /** Every item in order (a view: do not change it). */
  inOrder(): readonly T[] {
    return this.items;
  }

  /** Where `item` is, or where it would go. */
  private position(item: T): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.compare(this.items[mid]!, item) < 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  put(item: T): void {
    const held = this.byId.get(item.id);
    if (held) this.items.splice(this.position(held), 1);
    this.items.splice(this.position(item), 0, item);
    this.byId.set(item.id, item);
  }

  delete(id: string): T | undefined {
    const held = this.byId.get(id);
    if (!held) return undefined;
    this.items.splice(this.position(held), 1);
    this.byId.delete(id);
    return held;
  }

  /** Many items at once, sorted once (a build): cheaper than one put each. */
  load(items: Iterable<T>): void {
    for (const item of items) {
      const held = this.byId.get(item.id);
      if (held) this.items[this.items.indexOf(held)] = item;
      else this.items.push(item);
      this.byId.set(item.id, item);
    }
    this.items.sort(this.compare);
  }
}
