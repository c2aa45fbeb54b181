/** A record screen of any kind behind its preset: the form, the detail view or the bulk editor. */
import { BulkEditor } from './BulkEditor.tsx';
import { PresetGate } from './PresetGate.tsx';
import { RecordForm } from './RecordForm.tsx';
import { RecordView } from './RecordView.tsx';
import type { RecordScreen } from './recordScreen.ts';
import '../../fields/registerFields.ts';

export function RecordScreenView({ screen }: { screen: RecordScreen }) {
  return (
    <PresetGate rightName={screen.presetRight}>
      {({ definition }) =>
        screen.mode === 'view' ? (
          <RecordView screen={screen} definition={definition} />
        ) : screen.mode === 'bulkupdate' ? (
          <BulkEditor screen={screen} definition={definition} />
        ) : (
          <RecordForm screen={screen} definition={definition} />
        )
      }
    </PresetGate>
  );
}
