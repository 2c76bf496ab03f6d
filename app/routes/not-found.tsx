import { data } from "react-router";

/** Any path the route table does not know: the not-found page with status 404. */
export function loader() {
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
