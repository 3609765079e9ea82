// The methods `hire api -X` accepts. Its own module, free of the HTTP client, because completion
// offers them at every Tab and must not load undici to do so.
export const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
