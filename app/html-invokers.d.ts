import "react";

/** HTML's invoker commands (`<button commandfor="id" command="show-modal">`), not yet in React's types. */
declare module "react" {
  interface ButtonHTMLAttributes<T> {
    command?: "show-modal" | "close" | "request-close" | "show-popover" | "hide-popover" | "toggle-popover";
    commandfor?: string;
  }
}
