import { describe, expect, it } from "vitest";
import { listQuery, readListParams, sortChange } from "./list";

const keys = ["name", "town"] as const;

describe("list parameters in the URL", () => {
  it("reads search, sort, direction and page with defaults for what is missing or invalid", () => {
    expect(readListParams(new URL("http://x/l"), keys, "name")).toEqual({ search: "", sort: "name", dir: "asc", page: 1 });
    expect(readListParams(new URL("http://x/l?q=%20vaart%20&sort=town&dir=desc&page=3"), keys, "name")).toEqual({
      search: "vaart",
      sort: "town",
      dir: "desc",
      page: 3,
    });
    expect(readListParams(new URL("http://x/l?sort=password&dir=sideways&page=-2"), keys, "name")).toEqual({
      search: "",
      sort: "name",
      dir: "asc",
      page: 1,
    });
  });

  it("writes a query that keeps the search and sort and drops page 1", () => {
    const params = { search: "vaart", sort: "town", dir: "desc" as const, page: 1 };
    expect(listQuery(params)).toBe("?q=vaart&sort=town&dir=desc");
    expect(listQuery(params, { page: 4 })).toBe("?q=vaart&sort=town&dir=desc&page=4");
  });

  it("sorts a new column ascending and flips the sorted one, back to page 1", () => {
    const params = { search: "", sort: "name", dir: "asc" as const, page: 3 };
    expect(sortChange(params, "town")).toEqual({ sort: "town", dir: "asc", page: 1 });
    expect(sortChange(params, "name")).toEqual({ sort: "name", dir: "desc", page: 1 });
  });
});
