// forbidden() from a desk page or layout (an advisor on an admin page): the designed 403 inside the
// desk's header and footer. app/forbidden.tsx stays for anything outside the desk's layout.
export { default, metadata } from "../forbidden";
