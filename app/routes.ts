import { index, route, type RouteConfig } from "@react-router/dev/routes";

/** Every URL of the portal. Route ids are the spec's route names. */
export default [
  index("home/home.tsx", { id: "home" }),
  route("uitloggen", "auth/logout.tsx", { id: "logout" }),
  route("wachtwoord-vergeten", "auth/reset-password.tsx", { id: "reset_password" }),
  route("resetting/reset/:token", "auth/set-password.tsx", { id: "set_password" }),
  route("register/confirm/:token", "auth/confirm-registration.tsx", { id: "confirm_registration" }),
  route("imitate", "auth/imitate.tsx", { id: "imitate" }),
  route("imitate/gebruikers", "auth/imitate-users.ts", { id: "imitate_users" }),
  route("mijn-gegevens", "accounts/my-data.tsx", { id: "my_data" }),
  route("image/:id/:width/:height/:modified", "media/image.ts", { id: "image" }),
  route("online", "offline/online.ts", { id: "online" }),
  route("*", "shell/not-found.tsx", { id: "not_found" }),
] satisfies RouteConfig;
