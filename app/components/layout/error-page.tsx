import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** Shown for unexpected errors instead of a stack trace (the stack only in development). */
export function ErrorPage({ status, details }: { status: number; details?: string }) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-black text-primary">{status}</p>
      <h1 className="mt-4 text-2xl font-bold sm:text-3xl">Något gick fel</h1>
      <p className="mt-3 text-muted-foreground">
        Ett oväntat fel uppstod. Försök igen om en stund – kvarstår problemet är du välkommen att
        kontakta vår support.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to="/">Till startsidan</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/kontakta-oss">Kontakta oss</Link>
        </Button>
      </div>
      {details ? (
        <pre className="mt-8 max-w-full overflow-auto rounded-md bg-muted p-4 text-left text-xs">
          {details}
        </pre>
      ) : null}
    </section>
  );
}
