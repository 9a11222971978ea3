// A long operation name or route shown whole: it may wrap between words and after slashes (`<wbr>`), never be cut.
import { Fragment } from 'react';
import { wrapPieces } from './model/operations';

export function Wrappable({ text }: { text: string }) {
  return (
    <>
      {wrapPieces(text).map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {piece}
        </Fragment>
      ))}
    </>
  );
}
