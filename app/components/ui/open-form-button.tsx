/**
 * A button that opens a form on the page (progressive enhancement, STYLE.md): with JavaScript it
 * calls `onOpen`; without it, it asks the page again with `?{param}={value}`, which renders the
 * form in place. `children` is the submit button.
 */
export function OpenFormButton({
  action,
  param,
  value,
  onOpen,
  children,
}: {
  action: string;
  param: string;
  value: string;
  onOpen: () => void;
  children: React.ReactNode;
}) {
  return (
    <form
      method="get"
      action={action}
      onSubmit={(event) => {
        event.preventDefault();
        onOpen();
      }}
    >
      <input type="hidden" name={param} value={value} />
      {children}
    </form>
  );
}
