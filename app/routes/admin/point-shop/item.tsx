/**
 * /admin/point-shop/items/new and /admin/point-shop/items/:itemId (admin only;
 * docs/rules/admin.md#point-shop): an item's form. Stock left empty means unlimited; a perk an
 * item grants is kept as it is.
 */
import { Form, Link, redirect, useNavigation } from "react-router";
import { Save } from "~/components/ui/icons";
import type { Route } from "./+types/item";
import { adminMeta } from "~/components/admin/admin-meta";
import { BackLink } from "~/components/admin/list-parts";
import { AdminTabError } from "~/components/admin/admin-tab-error";
import { ImageUpload } from "~/components/admin/point-shop/image-upload";
import { Button, buttonVariants } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { FormField } from "~/components/ui/form-field";
import { FormTokenField } from "~/components/ui/form-token-field";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { LEVELS } from "~/modules/loyalty/loyalty-constants";
import { SHOP_CATEGORIES, SHOP_CATEGORY_LABELS } from "~/modules/shop/shop-constants";
import { TEXT_LIMITS } from "~/platform/platform-constants";
import { SHOP_ITEM_LIMITS } from "~/modules/shop/shop-admin-schema";
import { handleShopItemAction, loadShopItem } from "~/modules/shop/shop-admin-page.server";
import { formatNumber } from "~/lib/format";

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "point-shop");

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadShopItem(request, params.itemId);
}

export async function action({ request, params }: Route.ActionArgs) {
  const result = await handleShopItemAction(request, params.itemId);
  if ("ok" in result && result.ok === true) return redirect("/admin/point-shop");
  return result;
}

export const ErrorBoundary = AdminTabError;

export default function ShopItemForm({ loaderData, actionData }: Route.ComponentProps) {
  const { item } = loaderData;
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const failure = actionData && "ok" in actionData && actionData.ok === false ? actionData : null;
  const errors = (failure?.fieldErrors ?? {}) as Record<string, string | undefined>;
  const heading = item ? `Redigera ${item.name}` : "Ny belöning";

  return (
    <div className="grid max-w-2xl min-w-0 gap-6">
      <div className="grid gap-2">
        <BackLink to="/admin/point-shop">Till poängbutiken</BackLink>
        <h2 className="text-lg font-semibold">{heading}</h2>
        {item && item.orderCount > 0 ? (
          <p className="text-sm text-muted-foreground">
            Belöningen har {formatNumber(item.orderCount)} {item.orderCount === 1 ? "order" : "ordrar"}; ändringar gäller nya köp.
          </p>
        ) : null}
      </div>

      {failure ? (
        <FormAlert tone="error" title={failure.title}>
          {failure.message}
        </FormAlert>
      ) : null}

      <Form method="post" className="grid gap-5 rounded-xl border bg-card p-4 sm:p-6" noValidate data-testid="item-form">
        <FormTokenField token={loaderData.formToken} />
        <FormField id="item-name" name="name" label="Namn" required error={errors.name}>
          {(control) => <Input {...control} defaultValue={item?.name ?? ""} maxLength={TEXT_LIMITS.name} autoComplete="off" />}
        </FormField>
        <FormField id="item-description" name="description" label="Beskrivning" optional error={errors.description}>
          {(control) => <Textarea {...control} defaultValue={item?.description ?? ""} maxLength={SHOP_ITEM_LIMITS.description} rows={3} />}
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="item-cost" name="pointCost" label="Pris i poäng" required error={errors.pointCost}>
            {(control) => <Input {...control} inputMode="numeric" defaultValue={item?.pointCost ?? ""} />}
          </FormField>
          <FormField
            id="item-stock"
            name="stockQuantity"
            label="Lager"
            optional
            hint="Lämna tomt för obegränsat."
            error={errors.stockQuantity}
          >
            {(control) => <Input {...control} inputMode="numeric" defaultValue={item?.stockQuantity ?? ""} />}
          </FormField>
          <FormField id="item-category" name="category" label="Kategori" required error={errors.category}>
            {(control) => (
              <NativeSelect {...control} defaultValue={item?.category ?? "other"}>
                {SHOP_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {SHOP_CATEGORY_LABELS[category]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField id="item-level" name="minLevel" label="Lägsta nivå" error={errors.minLevel}>
            {(control) => (
              <NativeSelect {...control} defaultValue={item?.minLevel ?? ""}>
                <option value="">Alla nivåer</option>
                {LEVELS.map((level) => (
                  <option key={level.id} value={level.id}>
                    {level.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <ImageUpload name="imageId" initial={{ imageId: item?.imageId ?? null, url: item?.imageUrl ?? null }} error={errors.imageId} />
        <div className="flex items-start gap-3">
          <input
            id="item-active"
            name="isActive"
            type="checkbox"
            defaultChecked={item?.isActive ?? true}
            className="mt-0.5 size-4 accent-primary"
            aria-describedby="item-active-hint"
          />
          <div className="grid gap-1">
            <label htmlFor="item-active" className="text-sm font-medium">
              Aktiv
            </label>
            <p id="item-active-hint" className="text-sm text-muted-foreground">
              En aktiv belöning syns i poängbutiken.
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={saving} data-testid="item-save">
            <Save className="size-4" aria-hidden="true" />
            {saving ? "Sparar …" : item ? "Spara ändringar" : "Skapa belöning"}
          </Button>
          <Link to="/admin/point-shop" className={buttonVariants({ variant: "ghost" })}>
            Avbryt
          </Link>
        </div>
      </Form>
    </div>
  );
}
