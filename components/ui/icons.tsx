import { AlertIcon, Icon, type IconProps } from "./icon-base";

// A small stroke icon set (24px grid, currentColor) so the desk needs no icon package yet. The
// frame and the alert sign live in icon-base.tsx: Callout needs only them, and each route's
// error boundary (prefetched with the navigation's links) then carries two icons, not all.

export { AlertIcon };

export const HotelIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 19V6" />
    <path d="M3 15h18v4" />
    <path d="M21 15v-3a3 3 0 0 0-3-3h-7v6" />
    <circle cx="7" cy="11.5" r="1.75" />
  </Icon>
);

export const FlightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path
      transform="rotate(45 12 12)"
      d="M12 2.5c.8 0 1.5.9 1.5 2v5l7 4v2l-7-2v4.5l2 1.5V21L12 20l-3.5 1v-1.5l2-1.5v-4.5l-7 2v-2l7-4v-5c0-1.1.7-2 1.5-2Z"
    />
  </Icon>
);

export const ActivityIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 8a2 2 0 0 0 0 4v5a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-5a2 2 0 0 1 0-4V7a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1Z" transform="translate(0 -1)" />
    <path d="M14 5v2M14 10v2M14 15v2" />
  </Icon>
);

export const TransferIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 16V11l1.6-4.2A2 2 0 0 1 8.5 5.5h7a2 2 0 0 1 1.9 1.3L19 11v5" />
    <path d="M3.5 11h17v5a1 1 0 0 1-1 1h-15a1 1 0 0 1-1-1Z" />
    <path d="M6 17v2M18 17v2" />
    <circle cx="7.5" cy="14" r=".75" fill="currentColor" />
    <circle cx="16.5" cy="14" r=".75" fill="currentColor" />
  </Icon>
);

export const PackageIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M21 8 12 3 3 8v8l9 5 9-5Z" />
    <path d="m3 8 9 5 9-5M12 13v8" />
  </Icon>
);

export const DatabaseIcon = (p: IconProps) => (
  <Icon {...p}>
    <ellipse cx="12" cy="5.5" rx="7.5" ry="2.75" />
    <path d="M4.5 5.5v6.5c0 1.5 3.4 2.75 7.5 2.75s7.5-1.25 7.5-2.75V5.5" />
    <path d="M4.5 12v6.5c0 1.5 3.4 2.75 7.5 2.75s7.5-1.25 7.5-2.75V12" />
  </Icon>
);

export const PlugIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M9 3v5M15 3v5" />
    <path d="M6 8h12v3a6 6 0 0 1-12 0Z" />
    <path d="M12 17v4" />
  </Icon>
);

export const GlobeIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18" />
    <path d="M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18" />
  </Icon>
);

export const CheckCircleIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="m8.5 12.5 2.5 2.5 4.5-5" />
  </Icon>
);

export const RefreshIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M20 11a8 8 0 0 0-14.8-3.5L4 9" />
    <path d="M4 4v5h5" />
    <path d="M4 13a8 8 0 0 0 14.8 3.5L20 15" />
    <path d="M20 20v-5h-5" />
  </Icon>
);

export const ArrowRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);

export const LockIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="4.5" y="10.5" width="15" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
  </Icon>
);

export const UsersIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="8" r="3.25" />
    <path d="M3 19.5a6 6 0 0 1 12 0" />
    <path d="M15.5 4.9a3.25 3.25 0 0 1 0 6.2M17.5 14a6 6 0 0 1 3.5 5.5" />
  </Icon>
);

export const CopyIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="8.5" y="8.5" width="11" height="11" rx="2" />
    <path d="M15.5 8.5V6.5a2 2 0 0 0-2-2h-7a2 2 0 0 0-2 2v7a2 2 0 0 0 2 2h2" />
  </Icon>
);

export const MailIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="m3.5 7 8.5 6 8.5-6" />
  </Icon>
);

export const ShieldIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5 5 6v5.5c0 4.3 2.9 7.6 7 9 4.1-1.4 7-4.7 7-9V6Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);
