import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** docs/rules/site.md#not-found: '404', 'Oops! Sidan kunde inte hittas', link to the start page. */
export function NotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="bg-gradient-to-br from-primary to-orange-700 bg-clip-text text-8xl font-black tracking-tight text-transparent">
        404
      </p>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">Oops! Sidan kunde inte hittas</h1>
      <p className="mt-3 text-muted-foreground">
        Länken kan vara gammal, eller så har sidan flyttats. Börja om från startsidan.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">Tillbaka till startsidan</Link>
      </Button>
    </section>
  );
}
