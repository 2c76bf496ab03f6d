/** Page titles and descriptions: "<page> | <shop name>", with Open Graph twins. */
type Matches = readonly (undefined | { id: string; loaderData?: unknown })[];

export function shopNameFrom(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { shopName?: string } | undefined;
  return root?.shopName ?? "Vitrine";
}

export function publicUrlFrom(matches: Matches): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { publicUrl?: string } | undefined;
  return root?.publicUrl ?? "";
}

export function pageMeta(matches: Matches, page: { title: string; description: string }) {
  const shopName = shopNameFrom(matches);
  const title = `${page.title} | ${shopName}`;
  return [
    { title },
    { name: "description", content: page.description },
    { property: "og:title", content: title },
    { property: "og:description", content: page.description },
    { property: "og:site_name", content: shopName },
  ];
}
