// notFound() from a desk page: the designed 404 inside the desk's header and footer. An address
// that matches no page gets app/not-found.tsx, under the (auth) layout (app/(auth)/[...missing]).
export { default } from "../not-found";
