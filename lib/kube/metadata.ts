// An object's metadata as the interpreter reads it, through the cursor: the fields kinds use, each checked.
import type { Cursor } from './cursor';
import type { ObjectMetaView } from './objects';

/** `metadata.name`, `namespace`, `labels`, `annotations` and `generation`, each absent when not sent. */
export function readMetadata(object: Cursor): ObjectMetaView {
  const metadata = object.object('metadata');
  return {
    name: metadata.string('name'),
    namespace: metadata.string('namespace'),
    labels: metadata.stringMap('labels'),
    annotations: metadata.stringMap('annotations'),
    generation: metadata.generation('generation'),
  };
}
