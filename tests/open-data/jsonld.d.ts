// The one function of the jsonld package the tests use (it ships no types of its own).
declare module 'jsonld' {
  interface RemoteDocument {
    contextUrl?: string | undefined;
    documentUrl: string;
    document: unknown;
  }
  interface JsonLd {
    expand(input: object, options?: { documentLoader?: (url: string) => Promise<RemoteDocument> }): Promise<unknown[]>;
  }
  const jsonld: JsonLd;
  export default jsonld;
}
