/** A quiet ornamental rule between home page sections. */
export function Divider() {
  return (
    <div className="divider" role="presentation">
      <span />
    </div>
  );
}
