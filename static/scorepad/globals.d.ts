// htmx, loaded by base.html before any of our scripts (what our scripts call of it).
declare const htmx: {
  ajax(verb: string, path: string, context: { source: Element }): Promise<void>;
  process(elt: Element): void;
  swap(target: Element | string, html: string, spec: object, extra?: object): void;
  trigger(elt: Element, name: string): void;
};
