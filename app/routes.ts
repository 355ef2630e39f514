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
  route("lidmaatschappen", "members/member-list.tsx", { id: "member_list" }),
  route("lidmaatschappen/toevoegen", "members/member-add.tsx", { id: "member_add" }),
  route("lidmaatschappen/bewerken/:member", "members/member-edit.tsx", { id: "member_edit" }),
  route("lidmaatschappen/verwijderen/:member", "members/member-delete.tsx", { id: "member_delete" }),
  route("lidmaatschappen/bewerken/:member/account-toevoegen", "members/member-user-add.tsx", { id: "member_user_add" }),
  route("lidmaatschappen/bewerken/:member/account-bewerken/:user", "members/member-user-edit.tsx", { id: "member_user_edit" }),
  route("nieuwe-lidmaatschappen", "members/member-unapproved.tsx", { id: "member_unapproved" }),
  route("nieuwe-lidmaatschappen/goedkeuren/:member", "members/member-approve.tsx", { id: "member_approve" }),
  route("mijn-lidmaatschap", "members/my-member.tsx", { id: "my_member" }),
  route("image/:id/:width/:height/:modified", "media/image.ts", { id: "image" }),
  route("online", "offline/online.ts", { id: "online" }),
  route("*", "shell/not-found.tsx", { id: "not_found" }),
] satisfies RouteConfig;
