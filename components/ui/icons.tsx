// The desk's icons are lucide-react's: import them from "lucide-react" by their own names. These
// three names stay only for components/checkout/checkout.tsx, which is being split into sections
// (issue 28); once its parts import lucide-react themselves, this file goes.
export { Lock as LockIcon, RefreshCw as RefreshIcon, Ticket as ActivityIcon } from "lucide-react";
