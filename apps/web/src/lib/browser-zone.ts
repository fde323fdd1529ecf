/** The time zone this device is set to (IANA name, "UTC" when the browser names none). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
