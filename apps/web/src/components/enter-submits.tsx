/**
 * A modal's buttons sit in its footer, outside the <form>, and a form with several fields and no submit
 * button of its own ignores Enter. This invisible default button makes Enter in a field submit the form.
 */
export function EnterSubmits() {
  return <button type="submit" hidden tabIndex={-1} aria-hidden="true" />;
}
