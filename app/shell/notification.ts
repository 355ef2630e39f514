type NotificationType = "danger" | "success" | "warning";

/** An on-screen message: shown once on the next page (flash), closed after 3 s with JavaScript. */
export interface Notification {
  type: NotificationType;
  header: string;
  text?: string;
}

export const AUTO_CLOSE_MS = 3000;
