import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /**
     * Hydrate on the visitor's first interaction with the island (src/directives/interaction.ts); "query": at once
     * when the address has a query or a fragment.
     */
    'client:interaction'?: boolean | 'query';
  }
}
