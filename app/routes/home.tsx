import * as catalog from "../../domain/catalog/index.ts";
import { imageUrl } from "../../domain/media/urls.ts";
import { formatPrice } from "../../domain/shared/money.ts";
import { requestContext } from "../context.ts";
import type { Route } from "./+types/home";

export function meta() {
  return [{ title: "Vitrine" }, { name: "description", content: "Electronics and clothing, delivered." }];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const { items } = await catalog.listProducts(services.database, { limit: 16 });
  return { shopName: services.config.shopName, products: items };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-6xl p-6">
      <h1 className="text-3xl font-bold">{loaderData.shopName}</h1>
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {loaderData.products.map((p) => (
          <li key={p.id}>
            <img src={imageUrl(p.imageKey)} alt={p.title} width={p.imageWidth} height={p.imageHeight} loading="lazy" className="h-auto w-full rounded" />
            <p className="mt-2 text-sm font-medium">{p.title}</p>
            <p className="text-sm">Price: {formatPrice(p.priceCents)}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
