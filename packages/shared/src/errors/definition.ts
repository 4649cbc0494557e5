/** One entry of the error catalogue: the HTTP status and the German default text of a code. */
export type ErrorDefinition = { readonly status: number; readonly message: string };
