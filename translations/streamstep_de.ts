<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>CommandLine</name>
    <message>
        <source>Writes the whole lesson as a handout PDF &lt;file&gt; (one page per batch) and quits.</source>
        <translation>Schreibt die ganze Lektion als Handout-PDF &lt;file&gt; (eine Seite je Batch) und beendet sich.</translation>
    </message>
    <message>
        <source>Writes the batch shown after --steps as a handout PNG &lt;file&gt; and quits.</source>
        <translation>Schreibt den nach --steps gezeigten Batch als Handout-PNG &lt;file&gt; und beendet sich.</translation>
    </message>
    <message>
        <source>Opens in presenter mode (full screen unless --size or --screenshot is given).</source>
        <translation>Öffnet im Präsentationsmodus (im Vollbild, außer mit --size oder --screenshot).</translation>
    </message>
    <message>
        <source>Shows the keyboard shortcuts.</source>
        <translation>Zeigt die Tastenkürzel.</translation>
    </message>
    <message>
        <source>Steps a Spark Structured Streaming query trigger by trigger.</source>
        <translation>Führt eine Spark-Structured-Streaming-Abfrage Trigger für Trigger aus.</translation>
    </message>
    <message>
        <source>Runs &lt;n&gt; triggers after opening the scenario.</source>
        <translation>Führt nach dem Öffnen des Szenarios &lt;n&gt; Trigger aus.</translation>
    </message>
    <message>
        <source>Saves the main window as a PNG &lt;file&gt; and quits.</source>
        <translation>Speichert das Hauptfenster als PNG-&lt;Datei&gt; und beendet sich.</translation>
    </message>
    <message>
        <source>Window size, e.g. 1280x800.</source>
        <translation>Fenstergröße, z. B. 1280x800.</translation>
    </message>
    <message>
        <source>User interface language (en, de).</source>
        <translation>Sprache der Oberfläche (en, de).</translation>
    </message>
    <message>
        <source>A .scenario.json file to open.</source>
        <translation>Eine zu öffnende .scenario.json-Datei.</translation>
    </message>
    <message>
        <source>Only one scenario file can be opened.</source>
        <translation>Es kann nur eine Szenariodatei geöffnet werden.</translation>
    </message>
    <message>
        <source>--steps needs a number of triggers, got &apos;%1&apos;.</source>
        <translation>--steps erwartet eine Anzahl Trigger, erhalten: &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>--size needs WIDTHxHEIGHT (at least 200x200), got &apos;%1&apos;.</source>
        <translation>--size erwartet BREITExHÖHE (mindestens 200x200), erhalten: &apos;%1&apos;.</translation>
    </message>
    <message>
        <source>Opens the comparison of the three output modes.</source>
        <translation>Öffnet den Vergleich der drei Ausgabemodi.</translation>
    </message>
    <message>
        <source>Uses a dark palette.</source>
        <translation>Verwendet eine dunkle Farbpalette.</translation>
    </message>
    <message>
        <source>Selects row &lt;ROW&gt; (from 0) of the input, result or written panel, so the Why pane explains it.</source>
        <translation>Wählt Zeile &lt;ROW&gt; (ab 0) des Eingabe-, Ergebnis- oder Geschrieben-Panels, damit der Warum-Bereich sie erklärt.</translation>
    </message>
    <message>
        <source>--why needs input, result or written, a colon and a row number, got &apos;%1&apos;.</source>
        <translation>--why erwartet input, result oder written, einen Doppelpunkt und eine Zeilennummer, erhalten: &apos;%1&apos;.</translation>
    </message>
</context>
<context>
    <name>EventTimeTimeline</name>
    <message>
        <source>0 s</source>
        <translation>0 s</translation>
    </message>
    <message>
        <source>1 day</source>
        <translation>1 Tag</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 Tage</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 h</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 min</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>on time</source>
        <translation>pünktlich</translation>
    </message>
    <message>
        <source>late but kept</source>
        <translation>verspätet, aber behalten</translation>
    </message>
    <message>
        <source>filtered out</source>
        <translation>herausgefiltert</translation>
    </message>
    <message>
        <source>dropped (late)</source>
        <translation>verworfen (verspätet)</translation>
    </message>
    <message>
        <source>duplicate (dropped)</source>
        <translation>Duplikat (verworfen)</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>final</source>
        <translation>final</translation>
    </message>
    <message>
        <source>evicted</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>unchanged</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>Batch %1</translation>
    </message>
    <message>
        <source>trigger %1 · no-data batch</source>
        <translation>Trigger %1 · No-Data-Batch</translation>
    </message>
    <message>
        <source>ran because the watermark was set to %1</source>
        <translation>lief, weil das Watermark auf %1 gesetzt wurde</translation>
    </message>
    <message>
        <source>ran because the watermark moved %1 → %2</source>
        <translation>lief, weil sich das Watermark verschob: %1 → %2</translation>
    </message>
    <message>
        <source>ran to apply the watermark %1</source>
        <translation>lief, um das Watermark %1 anzuwenden</translation>
    </message>
    <message>
        <source>trigger %1 · 1 row</source>
        <translation>Trigger %1 · 1 Zeile</translation>
    </message>
    <message>
        <source>trigger %1 · %2 rows</source>
        <translation>Trigger %1 · %2 Zeilen</translation>
    </message>
    <message>
        <source>%1 · binned per %2</source>
        <translation>%1 · zusammengefasst je %2</translation>
    </message>
    <message>
        <source>max %1</source>
        <translation>max. %1</translation>
    </message>
    <message>
        <source>wm: none yet (no event time seen)</source>
        <translation>wm: noch keins (noch keine Ereigniszeit gesehen)</translation>
    </message>
    <message>
        <source>wm = %1 − %2 = %3</source>
        <translation>wm = %1 − %2 = %3</translation>
    </message>
    <message>
        <source>wm = %1</source>
        <translation>wm = %1</translation>
    </message>
    <message>
        <source>wm stays %1 (%2 − %3 = %4 is not later)</source>
        <translation>wm bleibt %1 (%2 − %3 = %4 ist nicht später)</translation>
    </message>
    <message>
        <source>wm = %1 (unchanged)</source>
        <translation>wm = %1 (unverändert)</translation>
    </message>
    <message>
        <source>next wm = %1 − %2 = %3</source>
        <translation>nächstes wm = %1 − %2 = %3</translation>
    </message>
    <message>
        <source>next wm = %1</source>
        <translation>nächstes wm = %1</translation>
    </message>
    <message>
        <source>watermark (wm)</source>
        <translation>Watermark (wm)</translation>
    </message>
    <message>
        <source>no watermark: no row is late, no state is evicted</source>
        <translation>kein Watermark: keine Zeile ist verspätet, kein Zustand wird entfernt</translation>
    </message>
    <message>
        <source>max event time</source>
        <translation>max. Ereigniszeit</translation>
    </message>
    <message>
        <source>batches over %1 rows: rows binned by fate and event time, bar length ∝ rows (hover for counts)</source>
        <translation>Batches mit über %1 Zeilen: Zeilen nach Verbleib und Ereigniszeit zusammengefasst, Balkenlänge ∝ Zeilen (überfahren für Anzahlen)</translation>
    </message>
    <message>
        <source>window [start, end)</source>
        <translation>Fenster [start, end)</translation>
    </message>
    <message>
        <source>next batch</source>
        <translation>nächster Batch</translation>
    </message>
    <message>
        <source>not run yet</source>
        <translation>noch nicht ausgeführt</translation>
    </message>
    <message>
        <source>Batch %1, input row %2: %3</source>
        <translation>Batch %1, Eingabezeile %2: %3</translation>
    </message>
    <message>
        <source>event time (%1): %2</source>
        <translation>Ereigniszeit (%1): %2</translation>
    </message>
    <message>
        <source>watermark in force: %1</source>
        <translation>geltendes Watermark: %1</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keins</translation>
    </message>
    <message>
        <source>At or before the watermark, but its window is still open, so it still counts.</source>
        <translation>Am oder vor dem Watermark, doch ihr Fenster ist noch offen, daher zählt die Zeile noch.</translation>
    </message>
    <message>
        <source>Its window ended at or before the watermark: dropped as late, not counted.</source>
        <translation>Ihr Fenster endete am oder vor dem Watermark: als verspätet verworfen, nicht gezählt.</translation>
    </message>
    <message>
        <source>Removed by a filter (or a NULL event time).</source>
        <translation>Von einem Filter entfernt (oder Ereigniszeit NULL).</translation>
    </message>
    <message>
        <source>Dropped by dropDuplicates: already seen.</source>
        <translation>Von dropDuplicates verworfen: schon bekannt.</translation>
    </message>
    <message>
        <source>1 row %1</source>
        <translation>1 Zeile %1</translation>
    </message>
    <message>
        <source>%1 rows %2</source>
        <translation>%1 Zeilen %2</translation>
    </message>
    <message>
        <source>%1 in [%2, %3)</source>
        <translation>%1 in [%2, %3)</translation>
    </message>
    <message>
        <source>%1 with a NULL event time (%2)</source>
        <translation>%1 mit Ereigniszeit NULL (%2)</translation>
    </message>
    <message>
        <source>Batch %1 has %2 rows: too many for a dot each, so they are counted per %3 of event time.</source>
        <translation>Batch %1 hat %2 Zeilen: zu viele für je einen Punkt, daher werden sie je %3 Ereigniszeit gezählt.</translation>
    </message>
    <message>
        <source>Window %1 after batch %2: %3</source>
        <translation>Fenster %1 nach Batch %2: %3</translation>
    </message>
    <message>
        <source>%1
computed from batch %2, in force from the next batch</source>
        <translation>%1
berechnet aus Batch %2, gültig ab dem nächsten Batch</translation>
    </message>
    <message>
        <source>%1
in force during batch %2 (rows at or before it are late)</source>
        <translation>%1
gültig während Batch %2 (Zeilen an oder vor diesem Wert sind verspätet)</translation>
    </message>
    <message>
        <source>max event time: %1</source>
        <translation>max. Ereigniszeit: %1</translation>
    </message>
    <message>
        <source>rows dropped by watermark: %1</source>
        <translation>vom Watermark verworfene Zeilen: %1</translation>
    </message>
    <message>
        <source>Click to show this batch.</source>
        <translation>Klicken, um diesen Batch anzuzeigen.</translation>
    </message>
    <message>
        <source>processed</source>
        <translation>verarbeitet</translation>
    </message>
    <message>
        <source>evicted, nothing written</source>
        <translation>entfernt, nichts geschrieben</translation>
    </message>
    <message numerus="yes">
        <source>✕ %n late</source>
        <translation>
            <numerusform>✕ %n verspätet</numerusform>
            <numerusform>✕ %n verspätet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>◆ %n late, kept</source>
        <translation>
            <numerusform>◆ %n verspätet, behalten</numerusform>
            <numerusform>◆ %n verspätet, behalten</numerusform>
        </translation>
    </message>
    <message>
        <source>wm %1</source>
        <translation>wm %1</translation>
    </message>
    <message>
        <source>wm: none yet</source>
        <translation>wm: noch keins</translation>
    </message>
    <message>
        <source>next wm %1</source>
        <translation>nächstes wm %1</translation>
    </message>
    <message>
        <source>▶ %1</source>
        <translation>▶ %1</translation>
    </message>
    <message>
        <source>no watermark, no state: every row passes once</source>
        <translation>kein Watermark, kein Zustand: jede Zeile läuft einmal durch</translation>
    </message>
    <message numerus="yes">
        <source>Batch %1: %n row(s) arrived too late: at or before the watermark %2, in a window that had already ended, so they were dropped and counted nowhere.</source>
        <translation>
            <numerusform>Batch %1: %n Zeile kam zu spät: am oder vor dem Watermark %2, in einem schon beendeten Fenster, daher verworfen und nirgends gezählt.</numerusform>
            <numerusform>Batch %1: %n Zeilen kamen zu spät: am oder vor dem Watermark %2, in einem schon beendeten Fenster, daher verworfen und nirgends gezählt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Batch %1: %n row(s) arrived late (at or before the watermark %2), but their window was still open, so they still count.</source>
        <translation>
            <numerusform>Batch %1: %n Zeile kam verspätet (am oder vor dem Watermark %2), aber ihr Fenster war noch offen, daher zählt sie noch.</numerusform>
            <numerusform>Batch %1: %n Zeilen kamen verspätet (am oder vor dem Watermark %2), aber ihr Fenster war noch offen, daher zählen sie noch.</numerusform>
        </translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>Warum: %1</translation>
    </message>
</context>
<context>
    <name>InputEditCommand</name>
    <message>
        <source>Change the event time of row %1 of step %2</source>
        <translation>Ereigniszeit von Zeile %1 in Schritt %2 ändern</translation>
    </message>
    <message>
        <source>Move row %1 of step %2 to step %3</source>
        <translation>Zeile %1 von Schritt %2 nach Schritt %3 verschieben</translation>
    </message>
    <message>
        <source>Edit %1 in row %2 of step %3</source>
        <translation>%1 in Zeile %2 von Schritt %3 bearbeiten</translation>
    </message>
    <message numerus="yes">
        <source>Add %n row(s) to step %1</source>
        <translation>
            <numerusform>%n Zeile zu Schritt %1 hinzufügen</numerusform>
            <numerusform>%n Zeilen zu Schritt %1 hinzufügen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %n row(s) from step %1</source>
        <translation>
            <numerusform>%n Zeile aus Schritt %1 entfernen</numerusform>
            <numerusform>%n Zeilen aus Schritt %1 entfernen</numerusform>
        </translation>
    </message>
    <message>
        <source>Remove step %1</source>
        <translation>Schritt %1 entfernen</translation>
    </message>
    <message>
        <source>Set the processing time of step %1</source>
        <translation>Verarbeitungszeit von Schritt %1 setzen</translation>
    </message>
</context>
<context>
    <name>Why</name>
    <message>
        <source>written: a query without aggregation writes every row that passes it</source>
        <translation>geschrieben: eine Abfrage ohne Aggregation schreibt jede Zeile, die sie durchläuft</translation>
    </message>
    <message>
        <source>processed: it reached the aggregation and updated its group</source>
        <translation>verarbeitet: sie erreichte die Aggregation und hat ihre Gruppe aktualisiert</translation>
    </message>
    <message>
        <source>processed: counted in window %1</source>
        <translation>verarbeitet: gezählt im Fenster %1</translation>
    </message>
    <message>
        <source>kept: the first row with its key, so dropDuplicates passes it on</source>
        <translation>behalten: die erste Zeile mit ihrem Schlüssel, daher reicht dropDuplicates sie weiter</translation>
    </message>
    <message>
        <source>late but kept: its event time %1 is at or before the watermark %2, but its window %3 is still open</source>
        <translation>verspätet, aber behalten: ihre Ereigniszeit %1 liegt am oder vor dem Watermark %2, aber ihr Fenster %3 ist noch offen</translation>
    </message>
    <message>
        <source>late but kept: its event time %1 is at or before the watermark %2, but only stateful operators drop late rows</source>
        <translation>verspätet, aber behalten: ihre Ereigniszeit %1 liegt am oder vor dem Watermark %2, aber nur zustandsbehaftete Operatoren verwerfen verspätete Zeilen</translation>
    </message>
    <message>
        <source>late but kept: its event time %1 is at or before the watermark %2, but the operator that drops late rows judges it by %3</source>
        <translation>verspätet, aber behalten: ihre Ereigniszeit %1 liegt am oder vor dem Watermark %2, aber der Operator, der verspätete Zeilen verwirft, misst sie an %3</translation>
    </message>
    <message>
        <source>filtered: %1 is false (%2)</source>
        <translation>gefiltert: %1 ist falsch (%2)</translation>
    </message>
    <message>
        <source>filtered: %1 is NULL (%2), and a filter keeps only TRUE</source>
        <translation>gefiltert: %1 ist NULL (%2), und ein Filter behält nur TRUE</translation>
    </message>
    <message>
        <source>filtered: its event time is NULL, so window() puts it in no window</source>
        <translation>gefiltert: ihre Ereigniszeit ist NULL, daher legt window() sie in kein Fenster</translation>
    </message>
    <message>
        <source>filtered: a filter condition is not true for it</source>
        <translation>gefiltert: eine Filterbedingung ist für sie nicht wahr</translation>
    </message>
    <message>
        <source>dropped as late: its window %1 ends at or before the watermark %2</source>
        <translation>als verspätet verworfen: ihr Fenster %1 endet am oder vor dem Watermark %2</translation>
    </message>
    <message>
        <source>dropped as late: its window %1 ends at or before the watermark %2 (= max event time %3 − %4, set at the end of batch %5)</source>
        <translation>als verspätet verworfen: ihr Fenster %1 endet am oder vor dem Watermark %2 (= max. Ereigniszeit %3 − %4, gesetzt am Ende von Batch %5)</translation>
    </message>
    <message>
        <source>dropped as late: its window ends at %1, at or before the watermark %2</source>
        <translation>als verspätet verworfen: ihr Fenster endet um %1, am oder vor dem Watermark %2</translation>
    </message>
    <message>
        <source>dropped as late: its event time %1 is at or before the watermark %2</source>
        <translation>als verspätet verworfen: ihre Ereigniszeit %1 liegt am oder vor dem Watermark %2</translation>
    </message>
    <message>
        <source>dropped as late: its event time %1 is at or before the watermark %2 (= max event time %3 − %4, set at the end of batch %5)</source>
        <translation>als verspätet verworfen: ihre Ereigniszeit %1 liegt am oder vor dem Watermark %2 (= max. Ereigniszeit %3 − %4, gesetzt am Ende von Batch %5)</translation>
    </message>
    <message>
        <source>dropped as late: its session %1 ends at or before the watermark %2</source>
        <translation>als verspätet verworfen: ihre Session %1 endet am oder vor dem Watermark %2</translation>
    </message>
    <message>
        <source>dropped as late: its session %1 ends at or before the watermark %2 (= max event time %3 − %4, set at the end of batch %5)</source>
        <translation>als verspätet verworfen: ihre Session %1 endet am oder vor dem Watermark %2 (= max. Ereigniszeit %3 − %4, gesetzt am Ende von Batch %5)</translation>
    </message>
    <message>
        <source>dropped as late: it is at or before the watermark</source>
        <translation>als verspätet verworfen: sie liegt am oder vor dem Watermark</translation>
    </message>
    <message>
        <source>duplicate of the row that arrived in batch %1</source>
        <translation>Duplikat der Zeile, die in Batch %1 eintraf</translation>
    </message>
    <message>
        <source>duplicate of input row %1 of this batch</source>
        <translation>Duplikat der Eingabezeile %1 dieses Batches</translation>
    </message>
    <message>
        <source>duplicate of a row seen before</source>
        <translation>Duplikat einer schon gesehenen Zeile</translation>
    </message>
    <message>
        <source>written in update mode: a new group</source>
        <translation>im Update-Modus geschrieben: eine neue Gruppe</translation>
    </message>
    <message>
        <source>written in update mode: its %1 changed from %2 to %3</source>
        <translation>im Update-Modus geschrieben: ihr Wert %1 änderte sich von %2 auf %3</translation>
    </message>
    <message>
        <source>written in update mode: rows of this batch reached it</source>
        <translation>im Update-Modus geschrieben: Zeilen dieses Batches haben sie erreicht</translation>
    </message>
    <message>
        <source>not written: no row of this batch reached it (update writes changed groups only)</source>
        <translation>nicht geschrieben: keine Zeile dieses Batches hat sie erreicht (Update schreibt nur geänderte Gruppen)</translation>
    </message>
    <message>
        <source>held: append writes this window once the watermark passes its end %1</source>
        <translation>gehalten: Append schreibt dieses Fenster, sobald das Watermark sein Ende %1 überschreitet</translation>
    </message>
    <message>
        <source>held: append writes this group once the watermark passes its event time %1</source>
        <translation>gehalten: Append schreibt diese Gruppe, sobald das Watermark ihre Ereigniszeit %1 überschreitet</translation>
    </message>
    <message>
        <source>written in append mode: the watermark %1 passed its end %2, so it is final and leaves the state</source>
        <translation>im Append-Modus geschrieben: das Watermark %1 hat ihr Ende %2 überschritten, daher ist die Gruppe endgültig und verlässt den Zustand</translation>
    </message>
    <message>
        <source>written in update mode, then evicted: the watermark %1 passed its end %2</source>
        <translation>im Update-Modus geschrieben, dann entfernt: das Watermark %1 hat ihr Ende %2 überschritten</translation>
    </message>
    <message>
        <source>evicted, nothing written: the watermark %1 passed its end %2 (update wrote it when it last changed)</source>
        <translation>entfernt, nichts geschrieben: das Watermark %1 hat ihr Ende %2 überschritten (Update hat sie bei ihrer letzten Änderung geschrieben)</translation>
    </message>
    <message>
        <source>written: complete mode writes the whole result table every batch</source>
        <translation>geschrieben: der Complete-Modus schreibt in jedem Batch die ganze Ergebnistabelle</translation>
    </message>
    <message>
        <source>evicted earlier: the watermark passed its end; complete mode would keep it</source>
        <translation>früher entfernt: das Watermark hat ihr Ende überschritten; der Complete-Modus würde sie behalten</translation>
    </message>
    <message>
        <source>written in an earlier batch, when the watermark passed its end</source>
        <translation>in einem früheren Batch geschrieben, als das Watermark ihr Ende überschritt</translation>
    </message>
    <message>
        <source>in state, not written in this batch</source>
        <translation>im Zustand, in diesem Batch nicht geschrieben</translation>
    </message>
    <message>
        <source>%n row arrived.|%n rows arrived.</source>
        <translation>%n Zeile ist eingetroffen.|%n Zeilen sind eingetroffen.</translation>
    </message>
    <message>
        <source>No row arrived: Spark ran this no-data batch because the watermark moved from %1 to %2, and a stateful operator can evict (and in append mode write) with the new one.</source>
        <translation>Keine Zeile ist eingetroffen: Spark hat diesen No-Data-Batch ausgeführt, weil sich das Watermark von %1 auf %2 verschoben hat und ein zustandsbehafteter Operator mit dem neuen entfernen (und im Append-Modus schreiben) kann.</translation>
    </message>
    <message>
        <source>%n row was dropped as late, judged by the watermark %1.|%n rows were dropped as late, judged by the watermark %1.</source>
        <translation>%n Zeile wurde als verspätet verworfen, gemessen am Watermark %1.|%n Zeilen wurden als verspätet verworfen, gemessen am Watermark %1.</translation>
    </message>
    <message>
        <source>Spark&apos;s numRowsDroppedByWatermark says %n: it counts late groups after partial aggregation, not rows.|Spark&apos;s numRowsDroppedByWatermark says %n: it counts late groups after partial aggregation, not rows.</source>
        <translation>Sparks numRowsDroppedByWatermark sagt %n: Es zählt verspätete Gruppen nach der partiellen Aggregation, nicht Zeilen.|Sparks numRowsDroppedByWatermark sagt %n: Es zählt verspätete Gruppen nach der partiellen Aggregation, nicht Zeilen.</translation>
    </message>
    <message>
        <source>%n row was filtered out.|%n rows were filtered out.</source>
        <translation>%n Zeile wurde herausgefiltert.|%n Zeilen wurden herausgefiltert.</translation>
    </message>
    <message>
        <source>%n row was a duplicate and dropped.|%n rows were duplicates and dropped.</source>
        <translation>%n Zeile war ein Duplikat und wurde verworfen.|%n Zeilen waren Duplikate und wurden verworfen.</translation>
    </message>
    <message>
        <source>%n row was late but kept: its window was still open.|%n rows were late but kept: their windows were still open.</source>
        <translation>%n Zeile war verspätet, wurde aber behalten: Ihr Fenster war noch offen.|%n Zeilen waren verspätet, wurden aber behalten: Ihre Fenster waren noch offen.</translation>
    </message>
    <message>
        <source>The query has no watermark, so no row is late and no state is evicted by event time.</source>
        <translation>Die Abfrage hat kein Watermark, daher ist keine Zeile verspätet, und kein Zustand wird nach Ereigniszeit entfernt.</translation>
    </message>
    <message>
        <source>The watermark in force was %1; this batch&apos;s max event time %2 − %3 = %4 is later, so from the next batch on the watermark is %4.</source>
        <translation>Das geltende Watermark war %1; die max. Ereigniszeit dieses Batches %2 − %3 = %4 ist später, daher gilt ab dem nächsten Batch das Watermark %4.</translation>
    </message>
    <message>
        <source>The watermark in force was %1; this batch&apos;s max event time %2 − %3 = %4 is not later, so it stays %1 (it never moves back).</source>
        <translation>Das geltende Watermark war %1; die max. Ereigniszeit dieses Batches %2 − %3 = %4 ist nicht später, daher bleibt es %1 (es geht nie zurück).</translation>
    </message>
    <message>
        <source>The watermark in force was %1; no event time moved it.</source>
        <translation>Das geltende Watermark war %1; keine Ereigniszeit hat es verschoben.</translation>
    </message>
    <message>
        <source>%n row was written: a query without aggregation writes every row that passes it.|%n rows were written: a query without aggregation writes every row that passes it.</source>
        <translation>%n Zeile wurde geschrieben: Eine Abfrage ohne Aggregation schreibt jede Zeile, die sie durchläuft.|%n Zeilen wurden geschrieben: Eine Abfrage ohne Aggregation schreibt jede Zeile, die sie durchläuft.</translation>
    </message>
    <message>
        <source>%n row was written: append writes a group once the watermark passes its end.|%n rows were written: append writes a group once the watermark passes its end.</source>
        <translation>%n Zeile wurde geschrieben: Append schreibt eine Gruppe, sobald das Watermark ihr Ende überschreitet.|%n Zeilen wurden geschrieben: Append schreibt eine Gruppe, sobald das Watermark ihr Ende überschreitet.</translation>
    </message>
    <message>
        <source>%n row was written: update writes every group that rows of this batch reached.|%n rows were written: update writes every group that rows of this batch reached.</source>
        <translation>%n Zeile wurde geschrieben: Update schreibt jede Gruppe, die Zeilen dieses Batches erreicht haben.|%n Zeilen wurden geschrieben: Update schreibt jede Gruppe, die Zeilen dieses Batches erreicht haben.</translation>
    </message>
    <message>
        <source>%n row was written: complete writes the whole result table every batch.|%n rows were written: complete writes the whole result table every batch.</source>
        <translation>%n Zeile wurde geschrieben: Complete schreibt in jedem Batch die ganze Ergebnistabelle.|%n Zeilen wurden geschrieben: Complete schreibt in jedem Batch die ganze Ergebnistabelle.</translation>
    </message>
    <message>
        <source>%n row remains in state (%1 updated, %2 evicted in this batch).|%n rows remain in state (%1 updated, %2 evicted in this batch).</source>
        <translation>%n Zeile bleibt im Zustand (%1 geändert, %2 in diesem Batch entfernt).|%n Zeilen bleiben im Zustand (%1 geändert, %2 in diesem Batch entfernt).</translation>
    </message>
    <message>
        <source>The query keeps no state.</source>
        <translation>Die Abfrage hält keinen Zustand.</translation>
    </message>
    <message>
        <source>%n day|%n days</source>
        <translation>%n Tag|%n Tage</translation>
    </message>
    <message>
        <source>%n hour|%n hours</source>
        <translation>%n Stunde|%n Stunden</translation>
    </message>
    <message>
        <source>%n minute|%n minutes</source>
        <translation>%n Minute|%n Minuten</translation>
    </message>
    <message>
        <source>%n second|%n seconds</source>
        <translation>%n Sekunde|%n Sekunden</translation>
    </message>
    <message>
        <source>%n millisecond|%n milliseconds</source>
        <translation>%n Millisekunde|%n Millisekunden</translation>
    </message>
    <message>
        <source>No batch runs in this trigger: no row arrived and no stateful operator needed a no-data batch.</source>
        <translation>In diesem Trigger läuft kein Batch: Keine Zeile ist eingetroffen, und kein zustandsbehafteter Operator brauchte einen No-Data-Batch.</translation>
    </message>
    <message>
        <source>No batch runs in this trigger, so the watermark stays %1.</source>
        <translation>In diesem Trigger läuft kein Batch, also bleibt das Watermark %1.</translation>
    </message>
    <message>
        <source>No batch runs in this trigger, so the state keeps its %n row.|No batch runs in this trigger, so the state keeps its %n rows.</source>
        <translation>In diesem Trigger läuft kein Batch, also behält der Zustand seine %n Zeile.|In diesem Trigger läuft kein Batch, also behält der Zustand seine %n Zeilen.</translation>
    </message>
    <message>
        <source>No row of this trigger is dropped as late.</source>
        <translation>Keine Zeile dieses Triggers wird als verspätet verworfen.</translation>
    </message>
    <message>
        <source>This trigger runs %n micro-batch.|This trigger runs %n micro-batches.</source>
        <translation>Dieser Trigger führt %n Micro-Batch aus.|Dieser Trigger führt %n Micro-Batches aus.</translation>
    </message>
    <message>
        <source>written in this trigger</source>
        <translation>in diesem Trigger geschrieben</translation>
    </message>
    <message>
        <source>with a watermark delay of %1</source>
        <translation>mit einer Watermark-Verzögerung von %1</translation>
    </message>
    <message>
        <source>with %1 windows</source>
        <translation>mit Fenstern von %1</translation>
    </message>
    <message>
        <source>with a window slide of %1</source>
        <translation>mit einem Fenstervorschub von %1</translation>
    </message>
    <message>
        <source>with a window start offset of %1</source>
        <translation>mit einem Fensterversatz von %1</translation>
    </message>
    <message>
        <source>with a session gap of %1</source>
        <translation>mit einer Sitzungslücke von %1</translation>
    </message>
    <message>
        <source>in %1 mode</source>
        <translation>im Modus %1</translation>
    </message>
    <message>
        <source>with no-data batches</source>
        <translation>mit No-Data-Batches</translation>
    </message>
    <message>
        <source>without no-data batches</source>
        <translation>ohne No-Data-Batches</translation>
    </message>
    <message>
        <source>on Spark %1</source>
        <translation>mit Spark %1</translation>
    </message>
    <message>
        <source>the query is rejected: %1</source>
        <translation>die Abfrage wird abgelehnt: %1</translation>
    </message>
    <message>
        <source>the query stops: %1</source>
        <translation>die Abfrage bricht ab: %1</translation>
    </message>
    <message>
        <source>%n more row is dropped as late|%n more rows are dropped as late</source>
        <translation>%n Zeile mehr wird als verspätet verworfen|%n Zeilen mehr werden als verspätet verworfen</translation>
    </message>
    <message>
        <source>%n row is no longer dropped|%n rows are no longer dropped</source>
        <translation>%n Zeile wird nicht mehr verworfen|%n Zeilen werden nicht mehr verworfen</translation>
    </message>
    <message>
        <source>%1 is written in batch %2 instead of batch %3</source>
        <translation>%1 wird in Batch %2 statt in Batch %3 geschrieben</translation>
    </message>
    <message>
        <source>%1 is written in batch %2, not at all before</source>
        <translation>%1 wird in Batch %2 geschrieben, vorher gar nicht</translation>
    </message>
    <message>
        <source>%1 is no longer written</source>
        <translation>%1 wird nicht mehr geschrieben</translation>
    </message>
    <message>
        <source>%1 is final in batch %2 instead of batch %3</source>
        <translation>%1 ist in Batch %2 statt in Batch %3 endgültig</translation>
    </message>
    <message>
        <source>%1 becomes final in batch %2, never before</source>
        <translation>%1 wird in Batch %2 endgültig, vorher nie</translation>
    </message>
    <message>
        <source>%1 is no longer final</source>
        <translation>%1 wird nicht mehr endgültig</translation>
    </message>
    <message>
        <source>%n more window changes its batch|%n more windows change their batch</source>
        <translation>%n weiteres Fenster wechselt seinen Batch|%n weitere Fenster wechseln ihren Batch</translation>
    </message>
    <message>
        <source>%n row is written in another batch|%n rows are written in other batches</source>
        <translation>%n Zeile wird in einem anderen Batch geschrieben|%n Zeilen werden in anderen Batches geschrieben</translation>
    </message>
    <message>
        <source>%n more row is written|%n more rows are written</source>
        <translation>%n Zeile mehr wird geschrieben|%n Zeilen mehr werden geschrieben</translation>
    </message>
    <message>
        <source>%n row is no longer written|%n rows are no longer written</source>
        <translation>%n Zeile wird nicht mehr geschrieben|%n Zeilen werden nicht mehr geschrieben</translation>
    </message>
    <message>
        <source>the state holds at most %n row instead of %1|the state holds at most %n rows instead of %1</source>
        <translation>der Zustand hält höchstens %n Zeile statt %1|der Zustand hält höchstens %n Zeilen statt %1</translation>
    </message>
    <message>
        <source>the state ends with %n row instead of %1|the state ends with %n rows instead of %1</source>
        <translation>der Zustand endet mit %n Zeile statt %1|der Zustand endet mit %n Zeilen statt %1</translation>
    </message>
    <message>
        <source>%n no-data batch runs instead of %1|%n no-data batches run instead of %1</source>
        <translation>%n No-Data-Batch läuft statt %1|%n No-Data-Batches laufen statt %1</translation>
    </message>
    <message>
        <source>nothing changes</source>
        <translation>nichts ändert sich</translation>
    </message>
    <message>
        <source>Stopped: batch %1 writes %n window: %2.|Stopped: batch %1 writes %n windows: %2.</source>
        <translation>Angehalten: Batch %1 schreibt %n Fenster: %2.|Angehalten: Batch %1 schreibt %n Fenster: %2.</translation>
    </message>
    <message>
        <source>Stopped: batch %1 drops %n row as late, judged by the watermark %2.|Stopped: batch %1 drops %n rows as late, judged by the watermark %2.</source>
        <translation>Angehalten: Batch %1 verwirft %n Zeile als verspätet, gemessen am Watermark %2.|Angehalten: Batch %1 verwirft %n Zeilen als verspätet, gemessen am Watermark %2.</translation>
    </message>
    <message>
        <source>Stopped: batch %1 moves the watermark from %2 to %3 (in force from the next batch).</source>
        <translation>Angehalten: Batch %1 bewegt das Watermark von %2 auf %3 (gültig ab dem nächsten Batch).</translation>
    </message>
    <message>
        <source>Stopped: batch %1 evicts %n state row: the watermark %2 passed its end.|Stopped: batch %1 evicts %n state rows: the watermark %2 passed their end.</source>
        <translation>Angehalten: Batch %1 entfernt %n Zustandszeile: Das Watermark %2 hat ihr Ende überschritten.|Angehalten: Batch %1 entfernt %n Zustandszeilen: Das Watermark %2 hat ihr Ende überschritten.</translation>
    </message>
    <message>
        <source>Stopped: batch %1 is a no-data batch: no row arrived, it runs because the watermark moved to %2.</source>
        <translation>Angehalten: Batch %1 ist ein No-Data-Batch: Keine Zeile kam an, er läuft, weil das Watermark auf %2 gerückt ist.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>--export-pdf and --export-png need a scenario</source>
        <translation>--export-pdf und --export-png brauchen ein Szenario</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>%1 kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>--why: the panel shows no row %1</source>
        <translation>--why: das Panel zeigt keine Zeile %1</translation>
    </message>
</context>
<context>
    <name>streamstep::BatchChartView</name>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Shown batch</source>
        <translation>Angezeigter Batch</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>Batch %1 — %2: %3</source>
        <translation>Batch %1 — %2: %3</translation>
    </message>
    <message>
        <source>No points: the query has no watermark</source>
        <translation>Keine Punkte: Die Abfrage hat kein Watermark</translation>
    </message>
    <message>
        <source>No points: the steps have no processingTime, so there is no trigger clock to measure from</source>
        <translation>Keine Punkte: Die Schritte haben keine processingTime, also gibt es keine Trigger-Uhr, von der aus gemessen werden kann</translation>
    </message>
    <message>
        <source>No points yet: the watermark is still at 1970-01-01 00:00:00</source>
        <translation>Noch keine Punkte: Das Watermark steht noch auf 1970-01-01 00:00:00</translation>
    </message>
    <message>
        <source>Negative: the triggers&apos; processingTime lies before the event times</source>
        <translation>Negativ: Die processingTime der Trigger liegt vor den Ereigniszeiten</translation>
    </message>
    <message>
        <source>Input Rows and Rows Emitted per batch</source>
        <translation>Eingabezeilen und ausgegebene Zeilen pro Batch</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>State rows and rows dropped by the watermark, summed over the stateful operators</source>
        <translation>Zustandszeilen und vom Watermark verworfene Zeilen, summiert über die zustandsbehafteten Operatoren</translation>
    </message>
    <message>
        <source>Gap</source>
        <translation>Abstand</translation>
    </message>
    <message>
        <source>Global Watermark Gap: the gap between batch timestamp and global watermark for the batch</source>
        <translation>Global Watermark Gap (Watermark-Abstand): der Abstand zwischen dem Zeitstempel des Batches und seinem globalen Watermark</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>Dauer</translation>
    </message>
    <message>
        <source>Batch Duration: the process duration of each batch</source>
        <translation>Batch Duration (Batch-Dauer): die Verarbeitungsdauer jedes Batches</translation>
    </message>
    <message>
        <source>Seconds</source>
        <translation>Sekunden</translation>
    </message>
    <message>
        <source>Milliseconds</source>
        <translation>Millisekunden</translation>
    </message>
</context>
<context>
    <name>streamstep::BatchListModel</name>
    <message>
        <source>Spark&apos;s no-data batch: the previous batch moved the watermark, so the stateful operator runs once more without input to emit and evict what the new watermark finalises.</source>
        <translation>Sparks No-Data-Batch: Der vorige Batch hat das Watermark verschoben, daher läuft der zustandsbehaftete Operator noch einmal ohne Eingabe, um auszugeben und zu entfernen, was das neue Watermark abschließt.</translation>
    </message>
    <message>
        <source>In force while this batch ran: %1
Next (from this batch&apos;s max event time): %2</source>
        <translation>Gültig während dieses Batches: %1
Nächstes (aus der maximalen Ereigniszeit dieses Batches): %2</translation>
    </message>
    <message>
        <source>no-data</source>
        <translation>No-Data</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keins</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>Trigger</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Input rows</source>
        <translation>Eingang</translation>
    </message>
    <message>
        <source>State rows</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Updated state rows</source>
        <translation>Geänderte Zustandszeilen</translation>
    </message>
    <message>
        <source>Watermark</source>
        <translation>Watermark</translation>
    </message>
    <message>
        <source>Max event time</source>
        <translation>Max. Ereigniszeit</translation>
    </message>
    <message>
        <source>Micro-batch id (batchId)</source>
        <translation>ID des Micro-Batches (batchId)</translation>
    </message>
    <message>
        <source>Data batch, or Spark&apos;s no-data batch after the watermark moved</source>
        <translation>Daten-Batch oder Sparks No-Data-Batch nach einer Watermark-Verschiebung</translation>
    </message>
    <message>
        <source>Input Rows (numInputRows)</source>
        <translation>Eingabezeilen (numInputRows)</translation>
    </message>
    <message>
        <source>Aggregated Number Of Rows Dropped By Watermark</source>
        <translation>Aggregated Number Of Rows Dropped By Watermark (vom Watermark verworfene Zeilen)</translation>
    </message>
    <message>
        <source>Aggregated Number Of Total State Rows</source>
        <translation>Aggregated Number Of Total State Rows (Zustandszeilen gesamt)</translation>
    </message>
    <message>
        <source>Aggregated Number Of Updated State Rows</source>
        <translation>Aggregated Number Of Updated State Rows (geänderte Zustandszeilen)</translation>
    </message>
    <message>
        <source>Global watermark in force while the batch ran (eventTime.watermark)</source>
        <translation>Globales Watermark, das während des Batches galt (eventTime.watermark)</translation>
    </message>
    <message>
        <source>Max event time of the batch&apos;s rows (eventTime.max)</source>
        <translation>Maximale Ereigniszeit der Zeilen des Batches (eventTime.max)</translation>
    </message>
    <message>
        <source>Input Rows</source>
        <translation>Input Rows (Eingabezeilen)</translation>
    </message>
    <message>
        <source>Rows Emitted</source>
        <translation>Ausgegebene Zeilen</translation>
    </message>
    <message>
        <source>Global Watermark Gap</source>
        <translation>Global Watermark Gap (Watermark-Abstand)</translation>
    </message>
    <message>
        <source>Batch Duration</source>
        <translation>Batch Duration (Batch-Dauer)</translation>
    </message>
    <message>
        <source>No gap: the lesson&apos;s steps have no processingTime, so its triggers run on a manual clock (0 s, 1 s, … after 1970-01-01) and a gap to it says nothing. Give the steps a processingTime to see how far the watermark is behind the trigger.</source>
        <translation>Kein Abstand: Die Schritte der Lektion haben keine processingTime, ihre Trigger laufen also auf einer manuellen Uhr (0 s, 1 s, … nach 1970-01-01), und ein Abstand zu ihr sagt nichts. Geben Sie den Schritten eine processingTime, um zu sehen, wie weit das Watermark hinter dem Trigger liegt.</translation>
    </message>
    <message>
        <source>No point in Spark&apos;s UI: the watermark is still 1970-01-01 00:00:00 (no batch has moved it yet).</source>
        <translation>Kein Punkt in Sparks UI: Das Watermark steht noch auf 1970-01-01 00:00:00 (noch kein Batch hat es verschoben).</translation>
    </message>
    <message>
        <source>Watermark gap (s)</source>
        <translation>Watermark-Abstand (s)</translation>
    </message>
    <message>
        <source>Duration (ms)</source>
        <translation>Dauer (ms)</translation>
    </message>
    <message>
        <source>Global Watermark Gap: the gap between batch timestamp and global watermark for the batch, in seconds (trigger time − watermark)</source>
        <translation>Global Watermark Gap (Watermark-Abstand): der Abstand zwischen dem Zeitstempel des Batches und seinem globalen Watermark, in Sekunden (Trigger-Zeit − Watermark)</translation>
    </message>
    <message>
        <source>Batch Duration: the process duration of the batch, in milliseconds</source>
        <translation>Batch Duration (Batch-Dauer): die Verarbeitungsdauer des Batches, in Millisekunden</translation>
    </message>
    <message>
        <source>The data batch of trigger %1: it processed the rows that arrived.</source>
        <translation>Der Daten-Batch von Trigger %1: Er hat die eingetroffenen Zeilen verarbeitet.</translation>
    </message>
    <message>
        <source>Trigger %1 ran this batch. A trigger runs one micro-batch for the rows that arrived, and a no-data batch right after it when the watermark moved.</source>
        <translation>Trigger %1 hat diesen Batch ausgeführt. Ein Trigger führt einen Micro-Batch für die eingetroffenen Zeilen aus und direkt danach einen No-Data-Batch, wenn sich das Watermark verschoben hat.</translation>
    </message>
    <message>
        <source>data</source>
        <translation>Daten</translation>
    </message>
    <message>
        <source>none yet</source>
        <translation>noch keins</translation>
    </message>
    <message>
        <source>Written</source>
        <translation>Geschrieben</translation>
    </message>
    <message>
        <source>Late, dropped</source>
        <translation>Verworfen</translation>
    </message>
    <message>
        <source>The trigger (scenario step) whose data ran the batch; one trigger runs a data batch and, when the watermark moved, a no-data batch after it</source>
        <translation>Der Trigger (Szenario-Schritt), dessen Daten den Batch ausgelöst haben; ein Trigger führt einen Daten-Batch aus und, wenn sich das Watermark verschoben hat, danach einen No-Data-Batch</translation>
    </message>
    <message>
        <source>Rows the batch wrote to the sink (numOutputRows)</source>
        <translation>Zeilen, die der Batch in die Senke geschrieben hat (numOutputRows)</translation>
    </message>
</context>
<context>
    <name>streamstep::BatchNarrativeView</name>
    <message>
        <source>batch %1, a no-data batch (the watermark had moved)</source>
        <translation>Batch %1, einen No-Data-Batch (das Watermark hatte sich verschoben)</translation>
    </message>
    <message numerus="yes">
        <source>batch %1 for its %n row(s)</source>
        <translation>
            <numerusform>Batch %1 für seine %n Zeile</numerusform>
            <numerusform>Batch %1 für seine %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1, then %2</source>
        <translation>%1, dann %2</translation>
    </message>
    <message>
        <source>Trigger %1 ran %2.</source>
        <translation>Trigger %1 führte %2 aus.</translation>
    </message>
    <message>
        <source>Showing batch %1.</source>
        <translation>Angezeigt: Batch %1.</translation>
    </message>
    <message>
        <source>no rows arrived</source>
        <translation>keine Zeilen eingetroffen</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) arrived</source>
        <translation>
            <numerusform>%n Zeile eingetroffen</numerusform>
            <numerusform>%n Zeilen eingetroffen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n filtered out</source>
        <translation>
            <numerusform>, %n herausgefiltert</numerusform>
            <numerusform>, %n herausgefiltert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n dropped as late</source>
        <translation>
            <numerusform>, %n als verspätet verworfen</numerusform>
            <numerusform>, %n als verspätet verworfen</numerusform>
        </translation>
    </message>
    <message>
        <source>(Spark&apos;s numRowsDroppedByWatermark counts %1)</source>
        <translation>(Sparks numRowsDroppedByWatermark zählt %1)</translation>
    </message>
    <message>
        <source>watermark %1</source>
        <translation>Watermark %1</translation>
    </message>
    <message>
        <source>not set yet</source>
        <translation>noch nicht gesetzt</translation>
    </message>
    <message>
        <source>(next batch: %1)</source>
        <translation>(nächster Batch: %1)</translation>
    </message>
    <message>
        <source>wrote nothing (%1 mode)</source>
        <translation>nichts geschrieben (Modus %1)</translation>
    </message>
    <message numerus="yes">
        <source>wrote %n row(s) (%1 mode)</source>
        <translation>
            <numerusform>%n Zeile geschrieben (Modus %1)</numerusform>
            <numerusform>%n Zeilen geschrieben (Modus %1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) in state</source>
        <translation>
            <numerusform>%n Zeile im Zustand</numerusform>
            <numerusform>%n Zeilen im Zustand</numerusform>
        </translation>
    </message>
    <message>
        <source>keeps no state</source>
        <translation>hält keinen Zustand</translation>
    </message>
    <message>
        <source>Batch %1: %2.</source>
        <translation>Batch %1: %2.</translation>
    </message>
    <message>
        <source>No batch has run yet: Step (Space) runs the first trigger. A trigger runs one micro-batch for the rows that arrived, and a no-data batch right after it when the watermark moved.</source>
        <translation>Noch kein Batch ausgeführt: Schritt (Leertaste) führt den ersten Trigger aus. Ein Trigger führt einen Micro-Batch für die eingetroffenen Zeilen aus und direkt danach einen No-Data-Batch, wenn sich das Watermark verschoben hat.</translation>
    </message>
</context>
<context>
    <name>streamstep::BatchTableModel</name>
    <message>
        <source>late</source>
        <translation>verspätet</translation>
    </message>
    <message>
        <source>filtered</source>
        <translation>gefiltert</translation>
    </message>
    <message>
        <source>duplicate</source>
        <translation>Duplikat</translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>geändert</translation>
    </message>
    <message>
        <source>final</source>
        <translation>final</translation>
    </message>
    <message>
        <source>evicted</source>
        <translation>entfernt</translation>
    </message>
    <message>
        <source>Late: dropped by the watermark. Its event time is older than the watermark in force while this batch ran, so its window or state was already finalised.</source>
        <translation>Verspätet: vom Watermark verworfen. Ihre Ereigniszeit liegt vor dem Watermark, das während dieses Batches galt; ihr Fenster bzw. Zustand war schon abgeschlossen.</translation>
    </message>
    <message>
        <source>Filtered: removed by a filter (or a NULL event time).</source>
        <translation>Gefiltert: von einem Filter entfernt (oder Ereigniszeit NULL).</translation>
    </message>
    <message>
        <source>Duplicate: dropped by dropDuplicates, the key was already seen.</source>
        <translation>Duplikat: von dropDuplicates verworfen, der Schlüssel war schon bekannt.</translation>
    </message>
    <message>
        <source>New: this group entered the state in this batch.</source>
        <translation>Neu: Diese Gruppe kam in diesem Batch in den Zustand.</translation>
    </message>
    <message>
        <source>Updated: this group was in the state and changed in this batch.</source>
        <translation>Geändert: Diese Gruppe war im Zustand und hat sich in diesem Batch geändert.</translation>
    </message>
    <message>
        <source>Evicted: finalised by the watermark in an earlier batch; no longer in the state.</source>
        <translation>Entfernt: in einem früheren Batch vom Watermark abgeschlossen; nicht mehr im Zustand.</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>What this batch did with the row (text mark; hover a row for why)</source>
        <translation>Was dieser Batch mit der Zeile gemacht hat (Textmarke; Zeile überfahren für die Begründung)</translation>
    </message>
    <message>
        <source>event-time column (watermark delay %1 ms)</source>
        <translation>Ereigniszeit-Spalte (Watermark-Verzögerung %1 ms)</translation>
    </message>
    <message>
        <source>late, kept</source>
        <translation>verspätet, behalten</translation>
    </message>
    <message>
        <source>Late but kept: its event time is at or before the watermark in force, yet its window (or state) is still open, so it still counts.</source>
        <translation>Verspätet, aber behalten: Die Ereigniszeit liegt am oder vor dem geltenden Watermark, doch ihr Fenster (oder Zustand) ist noch offen, daher zählt die Zeile noch.</translation>
    </message>
    <message>
        <source>evicted, nothing written</source>
        <translation>entfernt, nichts geschrieben</translation>
    </message>
    <message>
        <source>Final: the watermark passed the end of this window in this batch; the group is evicted from the state and written now (append mode writes a window once, when it is final).</source>
        <translation>Final: Das Watermark hat in diesem Batch das Ende dieses Fensters überschritten; die Gruppe wird aus dem Zustand entfernt und jetzt geschrieben (der Append-Modus schreibt ein Fenster einmal, wenn es final ist).</translation>
    </message>
    <message>
        <source>Evicted, nothing written: the watermark passed the end of this window in this batch, so the group left the state; this output mode writes a group when it changes, not when it is evicted, so the batch wrote nothing for it.</source>
        <translation>Entfernt, nichts geschrieben: Das Watermark hat in diesem Batch das Ende dieses Fensters überschritten, daher hat die Gruppe den Zustand verlassen; dieser Ausgabemodus schreibt eine Gruppe, wenn sie sich ändert, nicht wenn sie entfernt wird, daher hat der Batch nichts für sie geschrieben.</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>Batch %1</translation>
    </message>
    <message>
        <source>Written by batch %1</source>
        <translation>Geschrieben von Batch %1</translation>
    </message>
    <message>
        <source>batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>The micro-batch that wrote the row: a trigger runs its data batch, then a no-data batch when the watermark moved</source>
        <translation>Der Micro-Batch, der die Zeile geschrieben hat: Ein Trigger führt seinen Daten-Batch aus, dann einen No-Data-Batch, wenn sich das Watermark verschoben hat</translation>
    </message>
    <message>
        <source>Every time in this column is on %1 (UTC); cells show the time of day.</source>
        <translation>Alle Zeiten dieser Spalte liegen am %1 (UTC); die Zellen zeigen die Uhrzeit.</translation>
    </message>
    <message>
        <source>A window [start, end) holds the event times from its start up to, not including, its end.</source>
        <translation>Ein Fenster [Start, Ende) umfasst die Ereigniszeiten ab seinem Start bis vor, nicht einschließlich, sein Ende.</translation>
    </message>
</context>
<context>
    <name>streamstep::CompareView</name>
    <message>
        <source>Show the previous trigger in every mode</source>
        <translation>Den vorigen Trigger in jedem Modus zeigen</translation>
    </message>
    <message>
        <source>Show the next trigger in every mode</source>
        <translation>Den nächsten Trigger in jedem Modus zeigen</translation>
    </message>
    <message>
        <source>Running the query in append, update and complete mode…</source>
        <translation>Die Abfrage läuft im Append-, Update- und Complete-Modus …</translation>
    </message>
    <message>
        <source>&lt;b&gt;Compare output modes&lt;/b&gt; — open a scenario: its query runs in append, update and complete mode on the same data, side by side.</source>
        <translation>&lt;b&gt;Ausgabemodi vergleichen&lt;/b&gt; — öffnen Sie ein Szenario: Seine Abfrage läuft im Append-, Update- und Complete-Modus auf denselben Daten, nebeneinander.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;The same query and the same %n trigger(s) in each output mode&lt;/b&gt;, run independently: what each mode writes to the sink, what the sink then holds and what stays in state. Showing &lt;b&gt;trigger %1&lt;/b&gt;.</source>
        <translation>
            <numerusform>&lt;b&gt;Dieselbe Abfrage und derselbe %n Trigger in jedem Ausgabemodus&lt;/b&gt;, unabhängig ausgeführt: was jeder Modus in die Senke schreibt, was die Senke dann enthält und was im Zustand bleibt. Gezeigt: &lt;b&gt;Trigger %1&lt;/b&gt;.</numerusform>
            <numerusform>&lt;b&gt;Dieselbe Abfrage und dieselben %n Trigger in jedem Ausgabemodus&lt;/b&gt;, unabhängig ausgeführt: was jeder Modus in die Senke schreibt, was die Senke dann enthält und was im Zustand bleibt. Gezeigt: &lt;b&gt;Trigger %1&lt;/b&gt;.</numerusform>
        </translation>
    </message>
    <message>
        <source>trigger %1 of 0–%2</source>
        <translation>Trigger %1 von 0–%2</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; — Spark rejects the query in this mode</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; — Spark lehnt die Abfrage in diesem Modus ab</translation>
    </message>
    <message>
        <source>The query cannot start in %1 mode:</source>
        <translation>Die Abfrage kann im %1-Modus nicht starten:</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>Abhilfe:</translation>
    </message>
    <message numerus="yes">
        <source>no-data batch %1 wrote %n row(s)</source>
        <translation>
            <numerusform>No-Data-Batch %1 schrieb %n Zeile</numerusform>
            <numerusform>No-Data-Batch %1 schrieb %n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>batch %1 wrote %n row(s)</source>
        <translation>
            <numerusform>Batch %1 schrieb %n Zeile</numerusform>
            <numerusform>Batch %1 schrieb %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>trigger %1 ran no batch</source>
        <translation>Trigger %1 führte keinen Batch aus</translation>
    </message>
    <message>
        <source>trigger %1: %2</source>
        <translation>Trigger %1: %2</translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) in state</source>
        <translation>
            <numerusform>%n Zeile im Zustand</numerusform>
            <numerusform>%n Zeilen im Zustand</numerusform>
        </translation>
    </message>
    <message>
        <source>The query stopped: %1</source>
        <translation>Die Abfrage wurde beendet: %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Written&lt;/b&gt; in trigger %1: %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Geschrieben&lt;/b&gt; in Trigger %1: %n Zeile</numerusform>
            <numerusform>&lt;b&gt;Geschrieben&lt;/b&gt; in Trigger %1: %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Sink&lt;/b&gt;: nothing written yet</source>
        <translation>&lt;b&gt;Senke&lt;/b&gt;: noch nichts geschrieben</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Sink holds&lt;/b&gt; after batch %1 (%2): %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Senke enthält&lt;/b&gt; nach Batch %1 (%2): %n Zeile</numerusform>
            <numerusform>&lt;b&gt;Senke enthält&lt;/b&gt; nach Batch %1 (%2): %n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Sink holds&lt;/b&gt; after batch %1 (memory table): %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Senke enthält&lt;/b&gt; nach Batch %1 (Speichertabelle): %n Zeile</numerusform>
            <numerusform>&lt;b&gt;Senke enthält&lt;/b&gt; nach Batch %1 (Speichertabelle): %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Sink&lt;/b&gt;: what the console printed in trigger %1</source>
        <translation>&lt;b&gt;Senke&lt;/b&gt;: was die Konsole in Trigger %1 ausgab</translation>
    </message>
    <message>
        <source>&lt;b&gt;Sink&lt;/b&gt; (%1): the rows written in trigger %2</source>
        <translation>&lt;b&gt;Senke&lt;/b&gt; (%1): die in Trigger %2 geschriebenen Zeilen</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;Result table&lt;/b&gt; after batch %1: %n row(s) in state</source>
        <translation>
            <numerusform>&lt;b&gt;Ergebnistabelle&lt;/b&gt; nach Batch %1: %n Zeile im Zustand</numerusform>
            <numerusform>&lt;b&gt;Ergebnistabelle&lt;/b&gt; nach Batch %1: %n Zeilen im Zustand</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;State&lt;/b&gt;: none — a query without aggregation keeps no state</source>
        <translation>&lt;b&gt;Zustand&lt;/b&gt;: keiner — eine Abfrage ohne Aggregation hält keinen Zustand</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;State&lt;/b&gt;: %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;Zustand&lt;/b&gt;: %n Zeile</numerusform>
            <numerusform>&lt;b&gt;Zustand&lt;/b&gt;: %n Zeilen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamstep::CrashDialog</name>
    <message>
        <source>After the offset log (before the batch runs)</source>
        <translation>Nach dem Offset-Log (bevor der Batch läuft)</translation>
    </message>
    <message>
        <source>Inside the sink&apos;s write (before it commits)</source>
        <translation>Mitten im Schreiben der Senke (vor ihrem Commit)</translation>
    </message>
    <message>
        <source>After the sink wrote, before the commit log</source>
        <translation>Nachdem die Senke schrieb, vor dem Commit-Log</translation>
    </message>
    <message>
        <source>After the commit log</source>
        <translation>Nach dem Commit-Log</translation>
    </message>
    <message>
        <source>The batch is planned in the offset log but has not run. The restart runs it again with the same input and watermark; the sink gets it for the first time.</source>
        <translation>Der Batch steht im Offset-Log, ist aber nicht gelaufen. Der Neustart führt ihn mit derselben Eingabe und demselben Watermark erneut aus; die Senke bekommt ihn zum ersten Mal.</translation>
    </message>
    <message>
        <source>The sink has started writing but not committed: its transaction rolls back (a file sink&apos;s part file is not in its _spark_metadata log yet). The restart writes the batch once.</source>
        <translation>Die Senke hat zu schreiben begonnen, aber noch nicht committet: Ihre Transaktion wird zurückgerollt (die Part-Datei einer Dateisenke steht noch nicht in ihrem _spark_metadata-Log). Der Neustart schreibt den Batch einmal.</translation>
    </message>
    <message>
        <source>The sink has written and committed the batch with its batch id, but the commit log does not have it: the restart runs the batch again, and only a sink that remembers batch ids can tell it already has the rows.</source>
        <translation>Die Senke hat den Batch mit seiner Batch-ID geschrieben und committet, aber das Commit-Log hat ihn nicht: Der Neustart führt den Batch erneut aus, und nur eine Senke, die sich Batch-IDs merkt, erkennt, dass sie die Zeilen schon hat.</translation>
    </message>
    <message>
        <source>The batch is fully committed: the restart goes on with the next one.</source>
        <translation>Der Batch ist vollständig committet: Der Neustart macht mit dem nächsten weiter.</translation>
    </message>
    <message>
        <source>none</source>
        <translation>keine</translation>
    </message>
    <message>
        <source>Crash Here — Exactly Once, Made Visible</source>
        <translation>Hier abstürzen – Exactly-once, sichtbar gemacht</translation>
    </message>
    <message>
        <source>Runs this lesson with a checkpoint in a scratch folder, stops it at the chosen point of a batch as a crash would, then restarts it from the checkpoint. Your own output files are not touched.</source>
        <translation>Führt diese Lektion mit einem Checkpoint in einem Arbeitsordner aus, hält sie an der gewählten Stelle eines Batches an, wie es ein Absturz täte, und startet sie dann vom Checkpoint neu. Ihre eigenen Ausgabedateien bleiben unberührt.</translation>
    </message>
    <message>
        <source>&amp;Batch:</source>
        <translation>&amp;Batch:</translation>
    </message>
    <message>
        <source>&amp;Point:</source>
        <translation>&amp;Stelle:</translation>
    </message>
    <message>
        <source>The checkpoint when the run stopped</source>
        <translation>Der Checkpoint, als der Lauf anhielt</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Batch</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Schritt</translation>
    </message>
    <message>
        <source>Offsets planned</source>
        <translation>Offsets geplant</translation>
    </message>
    <message>
        <source>Committed</source>
        <translation>Committet</translation>
    </message>
    <message>
        <source>The restart</source>
        <translation>Der Neustart</translation>
    </message>
    <message>
        <source>&amp;Crash and Restart</source>
        <translation>&amp;Absturz und Neustart</translation>
    </message>
    <message>
        <source>%1 (again)</source>
        <translation>%1 (erneut)</translation>
    </message>
    <message>
        <source>A duplicate: batch %1 was written before the crash and again after the restart</source>
        <translation>Ein Duplikat: Batch %1 wurde vor dem Absturz und nach dem Neustart noch einmal geschrieben</translation>
    </message>
    <message>
        <source>Choose a batch and a point, then Crash and Restart.</source>
        <translation>Wählen Sie einen Batch und eine Stelle, dann Absturz und Neustart.</translation>
    </message>
    <message>
        <source>The sink after the restart</source>
        <translation>Die Senke nach dem Neustart</translation>
    </message>
    <message>
        <source>A naive sink without batch ids</source>
        <translation>Eine naive Senke ohne Batch-IDs</translation>
    </message>
    <message>
        <source>The same query without a crash</source>
        <translation>Dieselbe Abfrage ohne Absturz</translation>
    </message>
    <message>
        <source>Crashed at batch %1 (step %2): %3.</source>
        <translation>Abgestürzt bei Batch %1 (Schritt %2): %3.</translation>
    </message>
    <message>
        <source>The run never reached batch %1 at that point: it finished without stopping.</source>
        <translation>Der Lauf hat Batch %1 an dieser Stelle nie erreicht: Er lief ohne Halt zu Ende.</translation>
    </message>
    <message>
        <source>%1 (no data)</source>
        <translation>%1 (ohne Daten)</translation>
    </message>
    <message>
        <source>offsets/%1</source>
        <translation>offsets/%1</translation>
    </message>
    <message>
        <source>commits/%1</source>
        <translation>commits/%1</translation>
    </message>
    <message>
        <source>— not committed</source>
        <translation>– nicht committet</translation>
    </message>
    <message>
        <source>Offsets planned: %1. Batches committed: %2.</source>
        <translation>Geplante Offsets: %1. Committete Batches: %2.</translation>
    </message>
    <message>
        <source>The %1 sink held batches up to %2 when the restart opened it.</source>
        <translation>Die %1-Senke hielt Batches bis %2, als der Neustart sie öffnete.</translation>
    </message>
    <message>
        <source>No batch ran again: every planned batch was committed.</source>
        <translation>Kein Batch lief erneut: Jeder geplante Batch war committet.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Batch %1 ran again&lt;/b&gt; with the same input and watermark. The sink already held batch %1, so it &lt;b&gt;skipped it and wrote nothing&lt;/b&gt;.</source>
        <translation>&lt;b&gt;Batch %1 lief erneut&lt;/b&gt; mit derselben Eingabe und demselben Watermark. Die Senke hielt Batch %1 schon, also &lt;b&gt;übersprang sie ihn und schrieb nichts&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Batch %1 ran again&lt;/b&gt; with the same input and watermark. The sink did not hold it yet and wrote it now, once.</source>
        <translation>&lt;b&gt;Batch %1 lief erneut&lt;/b&gt; mit derselben Eingabe und demselben Watermark. Die Senke hielt ihn noch nicht und schrieb ihn jetzt, einmal.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Batch %1 ran again&lt;/b&gt;. The %2 sink is not fault tolerant (as in Spark): it was given the batch a second time.</source>
        <translation>&lt;b&gt;Batch %1 lief erneut&lt;/b&gt;. Die %2-Senke ist nicht fehlertolerant (wie in Spark): Sie bekam den Batch ein zweites Mal.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;The %1 sink after the restart&lt;/b&gt;: %n row(s), the same as without a crash (exactly once).</source>
        <translation>
            <numerusform>&lt;b&gt;Die %1-Senke nach dem Neustart&lt;/b&gt;: %n Zeile, dieselbe wie ohne Absturz (exactly once).</numerusform>
            <numerusform>&lt;b&gt;Die %1-Senke nach dem Neustart&lt;/b&gt;: %n Zeilen, dieselben wie ohne Absturz (exactly once).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;The %1 sink after the restart&lt;/b&gt;: %n row(s), not the rows of the run without a crash.</source>
        <translation>
            <numerusform>&lt;b&gt;Die %1-Senke nach dem Neustart&lt;/b&gt;: %n Zeile, nicht die des Laufs ohne Absturz.</numerusform>
            <numerusform>&lt;b&gt;Die %1-Senke nach dem Neustart&lt;/b&gt;: %n Zeilen, nicht die des Laufs ohne Absturz.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;A naive sink without batch ids&lt;/b&gt; (appending every batch it is given): %n row(s), %1 of them duplicated.</source>
        <translation>
            <numerusform>&lt;b&gt;Eine naive Senke ohne Batch-IDs&lt;/b&gt; (hängt jeden Batch an, den sie bekommt): %n Zeile, davon %1 doppelt.</numerusform>
            <numerusform>&lt;b&gt;Eine naive Senke ohne Batch-IDs&lt;/b&gt; (hängt jeden Batch an, den sie bekommt): %n Zeilen, davon %1 doppelt.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;The same query without a crash&lt;/b&gt;: %n row(s).</source>
        <translation>
            <numerusform>&lt;b&gt;Dieselbe Abfrage ohne Absturz&lt;/b&gt;: %n Zeile.</numerusform>
            <numerusform>&lt;b&gt;Dieselbe Abfrage ohne Absturz&lt;/b&gt;: %n Zeilen.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamstep::EventTimeTimeline</name>
    <message>
        <source>Not here: drop the row on a trigger&apos;s column (Esc cancels)</source>
        <translation>Nicht hier: Die Zeile auf der Spalte eines Triggers ablegen (Esc bricht ab)</translation>
    </message>
    <message>
        <source>To trigger %1 (%2), %3 = %4 (Esc cancels)</source>
        <translation>Zu Trigger %1 (%2), %3 = %4 (Esc bricht ab)</translation>
    </message>
    <message>
        <source>Event-time timeline</source>
        <translation>Ereigniszeit-Zeitleiste</translation>
    </message>
    <message>
        <source>Window %1</source>
        <translation>Fenster %1</translation>
    </message>
    <message>
        <source>after batch %1: %2</source>
        <translation>nach Batch %1: %2</translation>
    </message>
    <message>
        <source>Max event time of batch %1: %2</source>
        <translation>Max. Ereigniszeit von Batch %1: %2</translation>
    </message>
    <message>
        <source>Each batch the run executes appears here: its input rows by event time, the watermark, and every window with its state.</source>
        <translation>Jeder Batch, den der Lauf ausführt, erscheint hier: seine Eingabezeilen nach Ereigniszeit, das Watermark und jedes Fenster mit seinem Zustand.</translation>
    </message>
    <message>
        <source>event time →</source>
        <translation>Ereigniszeit →</translation>
    </message>
    <message>
        <source>%1 (UTC) →</source>
        <translation>%1 (UTC) →</translation>
    </message>
    <message>
        <source>▶ %1</source>
        <translation>▶ %1</translation>
    </message>
    <message>
        <source>batches →</source>
        <translation>Batches →</translation>
    </message>
</context>
<context>
    <name>streamstep::ExportDialog</name>
    <message>
        <source>Export as Spark Code</source>
        <translation>Als Spark-Code exportieren</translation>
    </message>
    <message>
        <source>&amp;Language:</source>
        <translation>&amp;Sprache:</translation>
    </message>
    <message>
        <source>&amp;Replay the lesson&apos;s steps (one trigger each, printing each batch as JSON)</source>
        <translation>Schritte der Lektion &amp;nachspielen (je ein Trigger, jeder Batch als JSON ausgegeben)</translation>
    </message>
    <message>
        <source>Without replay the program reads a folder of JSON files and writes the real sink until stopped, as on a cluster</source>
        <translation>Ohne Nachspielen liest das Programm einen Ordner mit JSON-Dateien und schreibt in die echte Senke, bis es angehalten wird – wie auf einem Cluster</translation>
    </message>
    <message>
        <source>&amp;Save…</source>
        <translation>&amp;Speichern…</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>&amp;Kopieren</translation>
    </message>
    <message>
        <source>Copy the program to the clipboard</source>
        <translation>Das Programm in die Zwischenablage kopieren</translation>
    </message>
    <message>
        <source>Run it with spark-submit (PySpark: python3 with pyspark installed). The SQLite and PostgreSQL sinks become foreachBatch upserts: Spark has no streaming JDBC sink.</source>
        <translation>Ausführen mit spark-submit (PySpark: python3 mit installiertem pyspark). Die SQLite- und PostgreSQL-Senken werden zu foreachBatch-Upserts: Spark hat keine Streaming-JDBC-Senke.</translation>
    </message>
    <message>
        <source>This query cannot be exported: %1</source>
        <translation>Diese Abfrage lässt sich nicht exportieren: %1</translation>
    </message>
    <message>
        <source>“%1” cannot name a Java class or Scala object: use letters, digits and _, not starting with a digit.</source>
        <translation>„%1“ kann keine Java-Klasse und kein Scala-Objekt benennen: Buchstaben, Ziffern und _ verwenden, nicht mit einer Ziffer beginnen.</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>%1 konnte nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>Save Spark Program</source>
        <translation>Spark-Programm speichern</translation>
    </message>
</context>
<context>
    <name>streamstep::GeneratorDialog</name>
    <message>
        <source>Generate Rows</source>
        <translation>Zeilen erzeugen</translation>
    </message>
    <message>
        <source>The same seed and settings make the same rows, on every machine.</source>
        <translation>Gleicher Startwert und gleiche Einstellungen ergeben auf jedem Rechner dieselben Zeilen.</translation>
    </message>
    <message>
        <source>Accounts ACC-0001 … are drawn uniformly; each has one home branch.</source>
        <translation>Konten ACC-0001 … werden gleichverteilt gezogen; jedes hat eine Heimatfiliale.</translation>
    </message>
    <message>
        <source>Branch codes: MUMBAI, DELHI, … for the first ten, BR-0011 … after.</source>
        <translation>Filialcodes: MUMBAI, DELHI, … für die ersten zehn, danach BR-0011 ….</translation>
    </message>
    <message>
        <source>A Spark interval, like &quot;5 minutes&quot;, &quot;30 seconds&quot; or &quot;1 hour 30 minutes&quot;.</source>
        <translation>Ein Spark-Intervall wie &quot;5 minutes&quot;, &quot;30 seconds&quot; oder &quot;1 hour 30 minutes&quot;.</translation>
    </message>
    <message>
        <source>The event time of the first generated row (UTC).</source>
        <translation>Die Ereigniszeit der ersten erzeugten Zeile (UTC).</translation>
    </message>
    <message>
        <source>How far event time moves on during one step.</source>
        <translation>Wie weit die Ereigniszeit in einem Schritt voranschreitet.</translation>
    </message>
    <message>
        <source>Each row&apos;s event time moves by a random amount up to this, either way.</source>
        <translation>Die Ereigniszeit jeder Zeile verschiebt sich zufällig um bis zu diesen Betrag, in beide Richtungen.</translation>
    </message>
    <message>
        <source>The share of rows that arrive late: their event time is older than their neighbours&apos; by the lateness.</source>
        <translation>Der Anteil verspäteter Zeilen: ihre Ereigniszeit ist um die Verspätung älter als die ihrer Nachbarn.</translation>
    </message>
    <message>
        <source>How much older a late row&apos;s event time is.</source>
        <translation>Wie viel älter die Ereigniszeit einer verspäteten Zeile ist.</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Schritte</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>&amp;Startwert:</translation>
    </message>
    <message>
        <source>Number of s&amp;teps:</source>
        <translation>Anzahl der Sc&amp;hritte:</translation>
    </message>
    <message>
        <source>&amp;Rows per step:</source>
        <translation>&amp;Zeilen pro Schritt:</translation>
    </message>
    <message>
        <source>Re&amp;place all steps</source>
        <translation>Alle Schritte e&amp;rsetzen</translation>
    </message>
    <message>
        <source>Add after the &amp;last step</source>
        <translation>Nach dem &amp;letzten Schritt anfügen</translation>
    </message>
    <message>
        <source>Generated steps:</source>
        <translation>Erzeugte Schritte:</translation>
    </message>
    <message>
        <source>Transactions</source>
        <translation>Transaktionen</translation>
    </message>
    <message>
        <source>&amp;Accounts:</source>
        <translation>&amp;Konten:</translation>
    </message>
    <message>
        <source>&amp;Branches:</source>
        <translation>&amp;Filialen:</translation>
    </message>
    <message>
        <source>Smallest a&amp;mount:</source>
        <translation>Kleinster &amp;Betrag:</translation>
    </message>
    <message>
        <source>Largest amou&amp;nt:</source>
        <translation>Größter Betra&amp;g:</translation>
    </message>
    <message>
        <source>Event time</source>
        <translation>Ereigniszeit</translation>
    </message>
    <message>
        <source>First event &amp;time:</source>
        <translation>Erste Ereignis&amp;zeit:</translation>
    </message>
    <message>
        <source>Event time per st&amp;ep:</source>
        <translation>Ereigniszeit pro Schri&amp;tt:</translation>
    </message>
    <message>
        <source>&amp;Jitter:</source>
        <translation>&amp;Streuung:</translation>
    </message>
    <message>
        <source>Late r&amp;ows:</source>
        <translation>Verspätete Zei&amp;len:</translation>
    </message>
    <message>
        <source>Late by:</source>
        <translation>Verspätet um:</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>&amp;Erzeugen</translation>
    </message>
    <message>
        <source>First event time: &quot;%1&quot; is not a timestamp (expected YYYY-MM-DD HH:MM:SS[.ffffff], UTC).</source>
        <translation>Erste Ereigniszeit: &quot;%1&quot; ist kein Zeitstempel (erwartet YYYY-MM-DD HH:MM:SS[.ffffff], UTC).</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: give a duration of zero or more, in days, hours, minutes or seconds.</source>
        <translation>%1: Geben Sie eine Dauer von null oder mehr an, in Tagen, Stunden, Minuten oder Sekunden.</translation>
    </message>
    <message>
        <source>Event time per step</source>
        <translation>Ereigniszeit pro Schritt</translation>
    </message>
    <message>
        <source>Jitter</source>
        <translation>Streuung</translation>
    </message>
    <message>
        <source>Late by</source>
        <translation>Verspätet um</translation>
    </message>
    <message>
        <source>The smallest amount is larger than the largest.</source>
        <translation>Der kleinste Betrag ist größer als der größte.</translation>
    </message>
    <message>
        <source>%1 rows in all is too many: at most %2.</source>
        <translation>%1 Zeilen insgesamt sind zu viele: höchstens %2.</translation>
    </message>
    <message numerus="yes">
        <source>Makes %n step(s) of %1 rows (%2 in all), event time from %3 to %4, about %5 % of the rows late.</source>
        <translation>
            <numerusform>Erzeugt %n Schritt mit %1 Zeilen (%2 insgesamt), Ereigniszeit von %3 bis %4, etwa %5 % der Zeilen verspätet.</numerusform>
            <numerusform>Erzeugt %n Schritte mit je %1 Zeilen (%2 insgesamt), Ereigniszeit von %3 bis %4, etwa %5 % der Zeilen verspätet.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>They follow the %n step(s) there are.</source>
        <translation>
            <numerusform>Sie folgen auf den vorhandenen Schritt.</numerusform>
            <numerusform>Sie folgen auf die %n vorhandenen Schritte.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>They replace the %n step(s) there are.</source>
        <translation>
            <numerusform>Sie ersetzen den vorhandenen Schritt.</numerusform>
            <numerusform>Sie ersetzen die %n vorhandenen Schritte.</numerusform>
        </translation>
    </message>
    <message>
        <source>Left NULL (the generator makes accountId, branchCode, amount and eventTime): %1.</source>
        <translation>Bleiben NULL (der Generator erzeugt accountId, branchCode, amount und eventTime): %1.</translation>
    </message>
</context>
<context>
    <name>streamstep::Handout</name>
    <message numerus="yes">
        <source>… and %n more row(s)</source>
        <translation>
            <numerusform>… und %n weitere Zeile</numerusform>
            <numerusform>… und %n weitere Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 — batch %2 · trigger %3 (%4 mode)</source>
        <translation>%1 — Batch %2 · Trigger %3 (Modus %4)</translation>
    </message>
    <message numerus="yes">
        <source>1 · Arrived in trigger %1 (batch %2): %n row(s)</source>
        <translation>
            <numerusform>1 · Eingetroffen in Trigger %1 (Batch %2): %n Zeile</numerusform>
            <numerusform>1 · Eingetroffen in Trigger %1 (Batch %2): %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>1 · Arrived in trigger %1: no rows (a no-data batch)</source>
        <translation>1 · Eingetroffen in Trigger %1: keine Zeilen (ein No-Data-Batch)</translation>
    </message>
    <message numerus="yes">
        <source>2 · Engine holds after batch %1: %n row(s) in state</source>
        <translation>
            <numerusform>2 · Engine hält nach Batch %1: %n Zeile im Zustand</numerusform>
            <numerusform>2 · Engine hält nach Batch %1: %n Zeilen im Zustand</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>3 · Written in trigger %1 up to batch %2: %n row(s)</source>
        <translation>
            <numerusform>3 · Geschrieben in Trigger %1 bis Batch %2: %n Zeile</numerusform>
            <numerusform>3 · Geschrieben in Trigger %1 bis Batch %2: %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>No batch has run yet: nothing to export.</source>
        <translation>Es ist noch kein Batch gelaufen: nichts zu exportieren.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>%1 kann nicht geschrieben werden.</translation>
    </message>
</context>
<context>
    <name>streamstep::InputEditor</name>
    <message>
        <source>Input Rows</source>
        <translation>Eingabezeilen</translation>
    </message>
    <message>
        <source>&amp;Add Step</source>
        <translation>Schritt &amp;hinzufügen</translation>
    </message>
    <message>
        <source>Add an empty step (a trigger with no new data) after the selected one</source>
        <translation>Einen leeren Schritt (einen Trigger ohne neue Daten) nach dem ausgewählten einfügen</translation>
    </message>
    <message>
        <source>&amp;Duplicate</source>
        <translation>&amp;Duplizieren</translation>
    </message>
    <message>
        <source>Add a copy of the selected step after it</source>
        <translation>Eine Kopie des ausgewählten Schritts dahinter einfügen</translation>
    </message>
    <message>
        <source>Re&amp;move Step</source>
        <translation>Schritt &amp;entfernen</translation>
    </message>
    <message>
        <source>Remove the selected step and its rows</source>
        <translation>Den ausgewählten Schritt und seine Zeilen entfernen</translation>
    </message>
    <message>
        <source>Add &amp;Row</source>
        <translation>&amp;Zeile hinzufügen</translation>
    </message>
    <message>
        <source>Add a copy of the selected row below it, ready to edit (Insert)</source>
        <translation>Eine Kopie der ausgewählten Zeile darunter einfügen, bereit zum Bearbeiten (Einfg)</translation>
    </message>
    <message>
        <source>Remove Ro&amp;ws</source>
        <translation>Zeilen ent&amp;fernen</translation>
    </message>
    <message>
        <source>Remove the selected rows (Ctrl+Delete)</source>
        <translation>Die ausgewählten Zeilen entfernen (Strg+Entf)</translation>
    </message>
    <message>
        <source>Set &amp;NULL</source>
        <translation>Auf &amp;NULL setzen</translation>
    </message>
    <message>
        <source>Set the selected cell to NULL (Delete); typed text in a string column is always text</source>
        <translation>Die ausgewählte Zelle auf NULL setzen (Entf); getippter Text in einer String-Spalte bleibt immer Text</translation>
    </message>
    <message>
        <source>&amp;Generate Rows…</source>
        <translation>Zeilen &amp;erzeugen…</translation>
    </message>
    <message>
        <source>Fill the input with seeded random transactions</source>
        <translation>Die Eingabe mit reproduzierbaren Zufallstransaktionen füllen</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&lt;b&gt;Steps&lt;/b&gt; (one trigger each)</source>
        <translation>&lt;b&gt;Schritte&lt;/b&gt; (je ein Trigger)</translation>
    </message>
    <message>
        <source>&amp;Processing time:</source>
        <translation>&amp;Verarbeitungszeit:</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>nicht gesetzt</translation>
    </message>
    <message>
        <source>The trigger&apos;s wall-clock time (UTC) that current_timestamp() returns in this step, like 2026-03-01 10:05:00. Leave empty when the query does not use it.</source>
        <translation>Die Uhrzeit des Triggers (UTC), die current_timestamp() in diesem Schritt liefert, z. B. 2026-03-01 10:05:00. Leer lassen, wenn die Abfrage sie nicht verwendet.</translation>
    </message>
    <message numerus="yes">
        <source>Step %1 · %Ln row(s)</source>
        <translation>
            <numerusform>Schritt %1 · %Ln Zeile</numerusform>
            <numerusform>Schritt %1 · %Ln Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Input Rows — %1</source>
        <translation>Eingabezeilen — %1</translation>
    </message>
    <message>
        <source>No steps: add one or generate rows.</source>
        <translation>Keine Schritte: Fügen Sie einen hinzu oder erzeugen Sie Zeilen.</translation>
    </message>
    <message numerus="yes">
        <source>Step %1: %Ln row(s) arrive in this trigger</source>
        <translation>
            <numerusform>Schritt %1: %Ln Zeile kommt in diesem Trigger an</numerusform>
            <numerusform>Schritt %1: %Ln Zeilen kommen in diesem Trigger an</numerusform>
        </translation>
    </message>
    <message>
        <source>Add step %1</source>
        <translation>Schritt %1 hinzufügen</translation>
    </message>
    <message>
        <source>Duplicate step %1</source>
        <translation>Schritt %1 duplizieren</translation>
    </message>
    <message>
        <source>Processing time: &quot;%1&quot; is not a timestamp (expected YYYY-MM-DD HH:MM:SS[.ffffff], UTC).</source>
        <translation>Verarbeitungszeit: &quot;%1&quot; ist kein Zeitstempel (erwartet YYYY-MM-DD HH:MM:SS[.ffffff], UTC).</translation>
    </message>
    <message>
        <source>Cannot generate rows: %1</source>
        <translation>Zeilen können nicht erzeugt werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>Generate %n step(s)</source>
        <translation>
            <numerusform>%n Schritt erzeugen</numerusform>
            <numerusform>%n Schritte erzeugen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamstep::InputStepsModel</name>
    <message>
        <source>Column &apos;%1&apos;: %2 is not a boolean (true or false).</source>
        <translation>Spalte &apos;%1&apos;: %2 ist kein boolescher Wert (true oder false).</translation>
    </message>
    <message>
        <source>Column &apos;%1&apos;: %2 is not a whole number (%3).</source>
        <translation>Spalte &apos;%1&apos;: %2 ist keine ganze Zahl (%3).</translation>
    </message>
    <message>
        <source>Column &apos;%1&apos;: %2 does not fit %3 (from %4 to %5).</source>
        <translation>Spalte &apos;%1&apos;: %2 passt nicht in %3 (von %4 bis %5).</translation>
    </message>
    <message>
        <source>Column &apos;%1&apos;: %2 is not a number (a double like 1.5, 2.0E-3, NaN or Infinity).</source>
        <translation>Spalte &apos;%1&apos;: %2 ist keine Zahl (ein double wie 1.5, 2.0E-3, NaN oder Infinity).</translation>
    </message>
    <message>
        <source>Column &apos;%1&apos;: %2 does not fit %3 (at most %4 digits before the point and %5 after it).</source>
        <translation>Spalte &apos;%1&apos;: %2 passt nicht in %3 (höchstens %4 Stellen vor dem Punkt und %5 danach).</translation>
    </message>
    <message>
        <source>Column &apos;%1&apos;: %2 is not a plain decimal number (like 12.50).</source>
        <translation>Spalte &apos;%1&apos;: %2 ist keine einfache Dezimalzahl (wie 12.50).</translation>
    </message>
    <message>
        <source>Column &apos;%1&apos;: %2 is not a timestamp (expected YYYY-MM-DD HH:MM:SS[.ffffff], UTC).</source>
        <translation>Spalte &apos;%1&apos;: %2 ist kein Zeitstempel (erwartet YYYY-MM-DD HH:MM:SS[.ffffff], UTC).</translation>
    </message>
    <message>
        <source>Column &apos;%1&apos; has type %2, which input rows cannot hold.</source>
        <translation>Spalte &apos;%1&apos; hat den Typ %2, den Eingabezeilen nicht enthalten können.</translation>
    </message>
    <message>
        <source>%1: %2 (type a value; NULL or nothing for NULL in non-string columns)</source>
        <translation>%1: %2 (Wert eingeben; NULL oder nichts für NULL in Spalten, die keine Strings sind)</translation>
    </message>
    <message>
        <source>Column &apos;%1&apos;: %2.</source>
        <translation>Spalte &apos;%1&apos;: %2.</translation>
    </message>
    <message>
        <source>Column &apos;%1&apos;: %2 does not fit %3.</source>
        <translation>Spalte &apos;%1&apos;: %2 passt nicht in %3.</translation>
    </message>
</context>
<context>
    <name>streamstep::KeyHelpOverlay</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Press ? or F1 again, or Esc, to close.</source>
        <translation>Zum Schließen noch einmal ? oder F1 drücken, oder Esc.</translation>
    </message>
</context>
<context>
    <name>streamstep::LessonAutosave</name>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1: Der Ordner kann nicht angelegt werden</translation>
    </message>
    <message>
        <source>%1: cannot lock the autosave</source>
        <translation>%1: Die automatische Sicherung kann nicht gesperrt werden</translation>
    </message>
    <message>
        <source>%1: cannot write the autosave: %2</source>
        <translation>%1: Die automatische Sicherung kann nicht geschrieben werden: %2</translation>
    </message>
</context>
<context>
    <name>streamstep::LessonsPage</name>
    <message>
        <source>&amp;Open lesson</source>
        <translation>Lektion ö&amp;ffnen</translation>
    </message>
    <message>
        <source>&lt;h2&gt;Lessons&lt;/h2&gt;&lt;p&gt;Pick a lesson: each one is a streaming query, an output mode, a sink and the data of each trigger. Open it and step it trigger by trigger.&lt;/p&gt;</source>
        <translation>&lt;h2&gt;Lektionen&lt;/h2&gt;&lt;p&gt;Wählen Sie eine Lektion: Jede besteht aus einer Streaming-Abfrage, einem Ausgabemodus, einer Senke und den Daten jedes Triggers. Öffnen Sie sie und führen Sie sie Trigger für Trigger aus.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>No bundled lessons were found.</source>
        <translation>Es wurden keine mitgelieferten Lektionen gefunden.</translation>
    </message>
    <message>
        <source>Output modes</source>
        <translation>Ausgabemodi</translation>
    </message>
    <message>
        <source>Sinks</source>
        <translation>Senken</translation>
    </message>
    <message>
        <source>Mistakes and invalid queries</source>
        <translation>Fehler und ungültige Abfragen</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>Fenster</translation>
    </message>
    <message>
        <source>Watermarks and late data</source>
        <translation>Watermarks und verspätete Daten</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Spark versions</source>
        <translation>Spark-Versionen</translation>
    </message>
    <message>
        <source>Other lessons</source>
        <translation>Weitere Lektionen</translation>
    </message>
    <message>
        <source>Beginner</source>
        <translation>Einsteiger</translation>
    </message>
    <message>
        <source>Intermediate</source>
        <translation>Fortgeschritten</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>Experten</translation>
    </message>
    <message>
        <source>Search lessons: title, description or tag</source>
        <translation>Lektionen suchen: Titel, Beschreibung oder Schlagwort</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>No lesson matches “%1”.</source>
        <translation>Keine Lektion passt zu „%1“.</translation>
    </message>
</context>
<context>
    <name>streamstep::MainWindow</name>
    <message>
        <source>Export Batch as &amp;PNG…</source>
        <translation>Batch als &amp;PNG exportieren…</translation>
    </message>
    <message>
        <source>The batch shown as a handout page: its narrative, the three story tables and the timeline, as an image</source>
        <translation>Der gezeigte Batch als Handout-Seite: seine Erzählung, die drei Story-Tabellen und die Zeitleiste, als Bild</translation>
    </message>
    <message>
        <source>Export Batch as P&amp;DF…</source>
        <translation>Batch als P&amp;DF exportieren…</translation>
    </message>
    <message>
        <source>The batch shown as a handout page: its narrative, the three story tables and the timeline, as a PDF</source>
        <translation>Der gezeigte Batch als Handout-Seite: seine Erzählung, die drei Story-Tabellen und die Zeitleiste, als PDF</translation>
    </message>
    <message>
        <source>Export &amp;Lesson as PDF…</source>
        <translation>L&amp;ektion als PDF exportieren…</translation>
    </message>
    <message>
        <source>The whole lesson run from batch 0 as a handout, one page per batch</source>
        <translation>Die ganze Lektion, ab Batch 0 ausgeführt, als Handout, eine Seite je Batch</translation>
    </message>
    <message>
        <source>The lesson runs no batch: nothing to export.</source>
        <translation>Die Lektion führt keinen Batch aus: nichts zu exportieren.</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG-Bilder (*.png)</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF-Dokumente (*.pdf)</translation>
    </message>
    <message>
        <source>Cannot export the handout</source>
        <translation>Das Handout kann nicht exportiert werden</translation>
    </message>
    <message>
        <source>Step &amp;Back</source>
        <translation>Schritt &amp;zurück</translation>
    </message>
    <message>
        <source>Show the batch before the one shown (←, Page Up)</source>
        <translation>Den Batch vor dem gezeigten zeigen (←, Bild auf)</translation>
    </message>
    <message>
        <source>Re&amp;veal Trigger</source>
        <translation>Trigger &amp;aufdecken</translation>
    </message>
    <message>
        <source>In lesson mode: run the trigger being predicted and show what it did (Return)</source>
        <translation>Im Lernmodus: den vorhergesagten Trigger ausführen und zeigen, was er getan hat (Eingabe)</translation>
    </message>
    <message>
        <source>&amp;Next Lesson</source>
        <translation>&amp;Nächste Lektion</translation>
    </message>
    <message>
        <source>Open the bundled lesson after this one (N)</source>
        <translation>Die mitgelieferte Lektion nach dieser öffnen (N)</translation>
    </message>
    <message>
        <source>&amp;Presenter Mode</source>
        <translation>&amp;Präsentationsmodus</translation>
    </message>
    <message>
        <source>One large layout for a projector: the narrative, the three story panels and the timeline, full screen (F11)</source>
        <translation>Eine große Ansicht für den Beamer: die Erzählung, die drei Story-Bereiche und die Zeitleiste, im Vollbild (F11)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>List the keys that step, go back, reveal and present (?, F1)</source>
        <translation>Die Tasten zum Weiterschalten, Zurückgehen, Aufdecken und Präsentieren auflisten (?, F1)</translation>
    </message>
    <message>
        <source>Crash &amp;Here…</source>
        <translation>&amp;Hier abstürzen…</translation>
    </message>
    <message>
        <source>Stop the lesson at a point of a batch as a crash would, restart it from the checkpoint and see how the sink keeps its output exactly once (Ctrl+Shift+K)</source>
        <translation>Die Lektion an einer Stelle eines Batches anhalten, wie es ein Absturz täte, vom Checkpoint neu starten und sehen, wie die Senke ihre Ausgabe genau einmal hält (Strg+Umschalt+K)</translation>
    </message>
    <message>
        <source>Restore unsaved edits?</source>
        <translation>Ungespeicherte Änderungen wiederherstellen?</translation>
    </message>
    <message>
        <source>StreamStep did not close cleanly last time. Unsaved edits of &lt;b&gt;%1&lt;/b&gt; were kept (written %2).&lt;br&gt;&lt;br&gt;Restore them? Discarding deletes them.</source>
        <translation>StreamStep wurde beim letzten Mal nicht ordnungsgemäß beendet. Ungespeicherte Änderungen an &lt;b&gt;%1&lt;/b&gt; wurden aufbewahrt (geschrieben %2).&lt;br&gt;&lt;br&gt;Wiederherstellen? Verwerfen löscht sie.</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>Wiederherstellen</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Verwerfen</translation>
    </message>
    <message>
        <source>Cannot restore the unsaved edits</source>
        <translation>Die ungespeicherten Änderungen können nicht wiederhergestellt werden</translation>
    </message>
    <message>
        <source>Restored the unsaved edits from %1.</source>
        <translation>Die ungespeicherten Änderungen vom %1 wurden wiederhergestellt.</translation>
    </message>
    <message>
        <source>Open a lesson or a scenario file to begin.</source>
        <translation>Öffnen Sie eine Lektion oder eine Szenariodatei, um zu beginnen.</translation>
    </message>
    <message>
        <source>Query stopped</source>
        <translation>Abfrage gestoppt</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>Ö&amp;ffnen…</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save &amp;As…</source>
        <translation>Speichern &amp;unter…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Lessons</source>
        <translation>&amp;Lektionen</translation>
    </message>
    <message>
        <source>Show the list of bundled lessons</source>
        <translation>Die Liste der mitgelieferten Lektionen anzeigen</translation>
    </message>
    <message>
        <source>S&amp;tart</source>
        <translation>S&amp;tarten</translation>
    </message>
    <message>
        <source>Start the query (Spark&apos;s writeStream.start()): validates it and waits for data</source>
        <translation>Die Abfrage starten (Sparks writeStream.start()): prüft sie und wartet auf Daten</translation>
    </message>
    <message>
        <source>&amp;Step</source>
        <translation>&amp;Schritt</translation>
    </message>
    <message>
        <source>Feed the next step&apos;s rows as one trigger (Space, →, Page Down)</source>
        <translation>Die Zeilen des nächsten Schritts als einen Trigger einspeisen (Leertaste, →, Bild ab)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Abspielen</translation>
    </message>
    <message>
        <source>Run one trigger per interval until the data runs out (P)</source>
        <translation>Einen Trigger pro Intervall ausführen, bis die Daten aufgebraucht sind (P)</translation>
    </message>
    <message>
        <source>&amp;Reset</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
    <message>
        <source>Stop the query and forget its state, batches and sink output (Ctrl+R)</source>
        <translation>Die Abfrage stoppen und ihren Zustand, ihre Batches und die Senkenausgabe verwerfen (Strg+R)</translation>
    </message>
    <message>
        <source>Run &amp;All Triggers</source>
        <translation>&amp;Alle Trigger ausführen</translation>
    </message>
    <message>
        <source>&amp;Larger Text</source>
        <translation>&amp;Größere Schrift</translation>
    </message>
    <message>
        <source>S&amp;maller Text</source>
        <translation>&amp;Kleinere Schrift</translation>
    </message>
    <message>
        <source>&amp;Normal Text Size</source>
        <translation>&amp;Normale Schriftgröße</translation>
    </message>
    <message>
        <source>&amp;About StreamStep</source>
        <translation>Über &amp;StreamStep</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>&amp;Ausführen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Systemvorgabe</translation>
    </message>
    <message>
        <source>English</source>
        <translation>Englisch</translation>
    </message>
    <message>
        <source>German</source>
        <translation>Deutsch</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Über &amp;Qt</translation>
    </message>
    <message>
        <source>Stepper</source>
        <translation>Schrittsteuerung</translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation>Batch:</translation>
    </message>
    <message>
        <source>Review any past batch: every panel shows that batch&apos;s recorded report</source>
        <translation>Einen früheren Batch ansehen: Jeder Bereich zeigt den aufgezeichneten Bericht dieses Batches</translation>
    </message>
    <message>
        <source>The console sink prints each batch here, as Spark does.</source>
        <translation>Die Konsolensenke gibt hier jeden Batch aus, wie Spark es tut.</translation>
    </message>
    <message>
        <source>Cannot open the scenario</source>
        <translation>Das Szenario kann nicht geöffnet werden</translation>
    </message>
    <message>
        <source>Ready: press Step (Space) to run the first trigger.</source>
        <translation>Bereit: Drücken Sie „Schritt“ (Leertaste), um den ersten Trigger auszuführen.</translation>
    </message>
    <message>
        <source>The query cannot start: %1</source>
        <translation>Die Abfrage kann nicht starten: %1</translation>
    </message>
    <message>
        <source>Trigger %1 ran no batch: no new data and no stateful operator needed one.</source>
        <translation>Trigger %1 hat keinen Batch ausgeführt: keine neuen Daten, und kein zustandsbehafteter Operator brauchte einen.</translation>
    </message>
    <message>
        <source>No batch has run yet.</source>
        <translation>Es wurde noch kein Batch ausgeführt.</translation>
    </message>
    <message numerus="yes">
        <source>, %n filtered out</source>
        <translation>
            <numerusform>, %n herausgefiltert</numerusform>
            <numerusform>, %n herausgefiltert</numerusform>
        </translation>
    </message>
    <message>
        <source>none</source>
        <translation>keins</translation>
    </message>
    <message>
        <source>Batch %1: watermark in force &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation>Batch %1: gültiges Watermark &lt;b&gt;%2&lt;/b&gt;.</translation>
    </message>
    <message>
        <source>Max event time %1 → next watermark = %1 − %2</source>
        <translation>Max. Ereigniszeit %1 → nächstes Watermark = %1 − %2</translation>
    </message>
    <message>
        <source>is not later, so the watermark stays &lt;b&gt;%1&lt;/b&gt; (it never goes back).</source>
        <translation>ist nicht später, daher bleibt das Watermark bei &lt;b&gt;%1&lt;/b&gt; (es geht nie zurück).</translation>
    </message>
    <message>
        <source>No input: this batch only applies the watermark (emits and evicts).</source>
        <translation>Keine Eingabe: Dieser Batch wendet nur das Watermark an (gibt aus und entfernt).</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Query rejected</source>
        <translation>Abfrage abgelehnt</translation>
    </message>
    <message numerus="yes">
        <source>Not started · %n trigger(s) of data</source>
        <translation>
            <numerusform>Nicht gestartet · %n Trigger mit Daten</numerusform>
            <numerusform>Nicht gestartet · %n Trigger mit Daten</numerusform>
        </translation>
    </message>
    <message>
        <source>Lessons</source>
        <translation>Lektionen</translation>
    </message>
    <message>
        <source>%1 — StreamStep</source>
        <translation>%1 — StreamStep</translation>
    </message>
    <message>
        <source>Open Scenario</source>
        <translation>Szenario öffnen</translation>
    </message>
    <message>
        <source>Scenarios (*.scenario.json);;JSON files (*.json);;All files (*)</source>
        <translation>Szenarien (*.scenario.json);;JSON-Dateien (*.json);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Save Scenario As</source>
        <translation>Szenario speichern unter</translation>
    </message>
    <message>
        <source>Scenarios (*.scenario.json)</source>
        <translation>Szenarien (*.scenario.json)</translation>
    </message>
    <message>
        <source>Cannot save the scenario</source>
        <translation>Das Szenario kann nicht gespeichert werden</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>Liste &amp;leeren</translation>
    </message>
    <message>
        <source>About StreamStep</source>
        <translation>Über StreamStep</translation>
    </message>
    <message>
        <source>&lt;h3&gt;StreamStep %1&lt;/h3&gt;&lt;p&gt;Teaches Apache Spark Structured Streaming by stepping an embedded engine trigger by trigger: input rows, the result table, the rows emitted to the sink, the watermark and the state, batch by batch.&lt;/p&gt;&lt;p&gt;The engine reproduces Spark 3.5&apos;s and Spark 4.2&apos;s micro-batch semantics and error messages; each lesson says which it follows.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;StreamStep %1&lt;/h3&gt;&lt;p&gt;Lehrt Apache Spark Structured Streaming, indem eine eingebettete Engine Trigger für Trigger ausgeführt wird: Eingabezeilen, Ergebnistabelle, an die Senke ausgegebene Zeilen, Watermark und Zustand, Batch für Batch.&lt;/p&gt;&lt;p&gt;Die Engine bildet die Micro-Batch-Semantik und die Fehlermeldungen von Spark 3.5 und Spark 4.2 nach; jede Lektion sagt, welcher sie folgt.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The language changes when StreamStep starts next time.</source>
        <translation>Die Sprache ändert sich beim nächsten Start von StreamStep.</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>Edit &amp;Input…</source>
        <translation>E&amp;ingabe bearbeiten…</translation>
    </message>
    <message>
        <source>Edit the rows of each step (Ctrl+I)</source>
        <translation>Die Zeilen jedes Schritts bearbeiten (Strg+I)</translation>
    </message>
    <message>
        <source>&amp;Generate Rows…</source>
        <translation>Zeilen &amp;erzeugen…</translation>
    </message>
    <message>
        <source>Fill the input with seeded random transactions</source>
        <translation>Die Eingabe mit reproduzierbaren Zufallstransaktionen füllen</translation>
    </message>
    <message>
        <source>&amp;Cancel Batch</source>
        <translation>Batch a&amp;bbrechen</translation>
    </message>
    <message>
        <source>Stop the running batch; the run stays as after the last trigger (Esc)</source>
        <translation>Laufenden Batch abbrechen; der Lauf bleibt wie nach dem letzten Trigger (Esc)</translation>
    </message>
    <message>
        <source>Batch %1: %2 rows · %3 · %p%</source>
        <translation>Batch %1: %2 Zeilen · %3 · %p%</translation>
    </message>
    <message>
        <source>Cancelled: batch 0 was not run; no batch has run yet.</source>
        <translation>Abgebrochen: Batch 0 wurde nicht ausgeführt; es ist noch kein Batch gelaufen.</translation>
    </message>
    <message>
        <source>Cancelled: batch %1 was not run; state is as after batch %2.</source>
        <translation>Abgebrochen: Batch %1 wurde nicht ausgeführt; der Zustand ist wie nach Batch %2.</translation>
    </message>
    <message>
        <source>The app runs the query in memory and writes no files; streamstep-cli run writes them. These are the rows of the part files the sink&apos;s manifest would list after this batch: %1</source>
        <translation>Die App führt die Abfrage im Speicher aus und schreibt keine Dateien; streamstep-cli run schreibt sie. Dies sind die Zeilen der Part-Dateien, die das Manifest der Senke nach diesem Batch aufführen würde: %1</translation>
    </message>
    <message>
        <source>The app runs the query in memory and writes no database; streamstep-cli run writes the table &apos;%1&apos; in &apos;%2&apos;. These are the rows it would hold after this batch&apos;s transaction.</source>
        <translation>Die App führt die Abfrage im Speicher aus und schreibt keine Datenbank; streamstep-cli run schreibt die Tabelle &apos;%1&apos; in &apos;%2&apos;. Dies sind die Zeilen, die sie nach der Transaktion dieses Batches enthalten würde.</translation>
    </message>
    <message>
        <source>The query or the input of this scenario was edited. Save the changes?</source>
        <translation>Die Abfrage oder die Eingabe dieses Szenarios wurde bearbeitet. Änderungen speichern?</translation>
    </message>
    <message>
        <source>Play &amp;Interval…</source>
        <translation>Abspiel&amp;intervall…</translation>
    </message>
    <message>
        <source>Choose how long Play waits between triggers</source>
        <translation>Wählen, wie lange Abspielen zwischen zwei Triggern wartet</translation>
    </message>
    <message>
        <source>Play Interval</source>
        <translation>Abspielintervall</translation>
    </message>
    <message>
        <source>Seconds between triggers:</source>
        <translation>Sekunden zwischen Triggern:</translation>
    </message>
    <message>
        <source>Run one trigger every %1 s until the data runs out (P)</source>
        <translation>Alle %1 s einen Trigger ausführen, bis keine Daten mehr da sind (P)</translation>
    </message>
    <message>
        <source>Lesson &amp;&amp; &amp;Query Panel</source>
        <translation>Lektions- &amp;&amp; &amp;Abfrage-Leiste</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>Show or fold away the query builder and the lesson text (F9)</source>
        <translation>Abfrage-Editor und Lektionstext zeigen oder wegklappen (F9)</translation>
    </message>
    <message>
        <source>Forget the previous run</source>
        <translation>Den vorigen Lauf vergessen</translation>
    </message>
    <message>
        <source>Batches</source>
        <translation>Batches</translation>
    </message>
    <message>
        <source>One row per micro-batch: its trigger, rows in and written, late rows, the watermark and the state</source>
        <translation>Eine Zeile pro Micro-Batch: sein Trigger, eingetroffene und geschriebene Zeilen, verspätete Zeilen, das Watermark und der Zustand</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>The figures Spark&apos;s UI charts, batch by batch</source>
        <translation>Die Kennzahlen, die Sparks UI zeigt, Batch für Batch</translation>
    </message>
    <message>
        <source>&lt;b&gt;1 · Arrived&lt;/b&gt; — the rows of a trigger</source>
        <translation>&lt;b&gt;1 · Eingetroffen&lt;/b&gt; — die Zeilen eines Triggers</translation>
    </message>
    <message>
        <source>&lt;b&gt;2 · Engine holds&lt;/b&gt; — the result table and the state</source>
        <translation>&lt;b&gt;2 · Engine hält&lt;/b&gt; — die Ergebnistabelle und den Zustand</translation>
    </message>
    <message>
        <source>&lt;b&gt;3 · Written&lt;/b&gt; — the rows handed to the sink</source>
        <translation>&lt;b&gt;3 · Geschrieben&lt;/b&gt; — die Zeilen, die an die Senke gehen</translation>
    </message>
    <message>
        <source>&lt;b&gt;4 · Sink holds&lt;/b&gt;</source>
        <translation>&lt;b&gt;4 · Senke enthält&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;1 · Arrived&lt;/b&gt; in trigger %1: no rows (batch %2 is a no-data batch)</source>
        <translation>&lt;b&gt;1 · Eingetroffen&lt;/b&gt; in Trigger %1: keine Zeilen (Batch %2 ist ein No-Data-Batch)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;1 · Arrived&lt;/b&gt; in trigger %1 (batch %2): %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;1 · Eingetroffen&lt;/b&gt; in Trigger %1 (Batch %2): %n Zeile</numerusform>
            <numerusform>&lt;b&gt;1 · Eingetroffen&lt;/b&gt; in Trigger %1 (Batch %2): %n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n dropped as late</source>
        <translation>
            <numerusform>, %n als verspätet verworfen</numerusform>
            <numerusform>, %n als verspätet verworfen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n late but kept</source>
        <translation>
            <numerusform>, %n verspätet, aber behalten</numerusform>
            <numerusform>, %n verspätet, aber behalten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;2 · Engine holds&lt;/b&gt; after batch %1: &lt;b&gt;%n row(s) in state&lt;/b&gt;</source>
        <translation>
            <numerusform>&lt;b&gt;2 · Engine hält&lt;/b&gt; nach Batch %1: &lt;b&gt;%n Zeile im Zustand&lt;/b&gt;</numerusform>
            <numerusform>&lt;b&gt;2 · Engine hält&lt;/b&gt; nach Batch %1: &lt;b&gt;%n Zeilen im Zustand&lt;/b&gt;</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n evicted by this batch</source>
        <translation>
            <numerusform>%n von diesem Batch entfernt</numerusform>
            <numerusform>%n von diesem Batch entfernt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n evicted earlier</source>
        <translation>
            <numerusform>%n früher entfernt</numerusform>
            <numerusform>%n früher entfernt</numerusform>
        </translation>
    </message>
    <message>
        <source>(listed, no longer in state)</source>
        <translation>(aufgeführt, nicht mehr im Zustand)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;2 · Engine holds&lt;/b&gt; after batch %1: &lt;b&gt;%n row(s) in state&lt;/b&gt; (the keys dropDuplicates has seen); no result table of its own</source>
        <translation>
            <numerusform>&lt;b&gt;2 · Engine hält&lt;/b&gt; nach Batch %1: &lt;b&gt;%n Zeile im Zustand&lt;/b&gt; (die Schlüssel, die dropDuplicates gesehen hat); keine eigene Ergebnistabelle</numerusform>
            <numerusform>&lt;b&gt;2 · Engine hält&lt;/b&gt; nach Batch %1: &lt;b&gt;%n Zeilen im Zustand&lt;/b&gt; (die Schlüssel, die dropDuplicates gesehen hat); keine eigene Ergebnistabelle</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;2 · Engine holds&lt;/b&gt; nothing: a query without aggregation keeps no state; its result is the rows every batch writes.</source>
        <translation>&lt;b&gt;2 · Engine hält&lt;/b&gt; nichts: Eine Abfrage ohne Aggregation hält keinen Zustand; ihr Ergebnis sind die Zeilen, die jeder Batch schreibt.</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;3 · Written&lt;/b&gt; by batch %1 (%2 mode): %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;3 · Geschrieben&lt;/b&gt; von Batch %1 (Modus %2): %n Zeile</numerusform>
            <numerusform>&lt;b&gt;3 · Geschrieben&lt;/b&gt; von Batch %1 (Modus %2): %n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>no-data batch %1: %n row(s)</source>
        <translation>
            <numerusform>No-Data-Batch %1: %n Zeile</numerusform>
            <numerusform>No-Data-Batch %1: %n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>batch %1: %n row(s)</source>
        <translation>
            <numerusform>Batch %1: %n Zeile</numerusform>
            <numerusform>Batch %1: %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;3 · Written&lt;/b&gt; in trigger %1 (%2 mode) — %3</source>
        <translation>&lt;b&gt;3 · Geschrieben&lt;/b&gt; in Trigger %1 (Modus %2) — %3</translation>
    </message>
    <message numerus="yes">
        <source>The previous run (%1 mode) wrote %n row(s) in trigger %2.</source>
        <translation>
            <numerusform>Der vorige Lauf (Modus %1) schrieb in Trigger %2 %n Zeile.</numerusform>
            <numerusform>Der vorige Lauf (Modus %1) schrieb in Trigger %2 %n Zeilen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Micro-batch ids count from 0 over the whole run; each trigger runs one or two of them.</source>
        <translation>Micro-Batch-Nummern zählen über den ganzen Lauf ab 0; jeder Trigger führt einen oder zwei davon aus.</translation>
    </message>
    <message>
        <source>batch %1</source>
        <translation>Batch %1</translation>
    </message>
    <message>
        <source>batches %1–%2</source>
        <translation>Batches %1–%2</translation>
    </message>
    <message>
        <source>Showing batch %1 · trigger %2 ran %3: %4 rows in %5 s</source>
        <translation>Angezeigt: Batch %1 · Trigger %2 führte %3 aus: %4 Zeilen in %5 s</translation>
    </message>
    <message>
        <source>&lt;b&gt;4 · Sink holds&lt;/b&gt; — console: what Spark prints, up to batch %1</source>
        <translation>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — Konsole: was Spark ausgibt, bis Batch %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;4 · Sink holds&lt;/b&gt; — memory table after batch %1: %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — Speichertabelle nach Batch %1: %n Zeile</numerusform>
            <numerusform>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — Speichertabelle nach Batch %1: %n Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;4 · Sink holds&lt;/b&gt; — %1 folder &apos;%2&apos; after batch %3: its %n committed file(s) would hold these rows</source>
        <translation>
            <numerusform>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — %1-Ordner &apos;%2&apos; nach Batch %3: seine %n festgeschriebene Datei enthielte diese Zeilen</numerusform>
            <numerusform>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — %1-Ordner &apos;%2&apos; nach Batch %3: seine %n festgeschriebenen Dateien enthielten diese Zeilen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;4 · Sink holds&lt;/b&gt; — SQLite table &apos;%1&apos; after batch %2: it would hold these %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — SQLite-Tabelle &apos;%1&apos; nach Batch %2: Sie enthielte diese %n Zeile</numerusform>
            <numerusform>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — SQLite-Tabelle &apos;%1&apos; nach Batch %2: Sie enthielte diese %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;4 · Sink holds&lt;/b&gt; — %1: rows written by batch %2</source>
        <translation>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — %1: von Batch %2 geschriebene Zeilen</translation>
    </message>
    <message>
        <source>Batch %1: this query keeps no state and has no watermark: every row that passes goes to the sink once.</source>
        <translation>Batch %1: Diese Abfrage hält keinen Zustand und hat kein Watermark: Jede Zeile, die durchkommt, geht einmal an die Senke.</translation>
    </message>
    <message>
        <source>Batch %1: this query has no watermark, so its state is never evicted by event time.</source>
        <translation>Batch %1: Diese Abfrage hat kein Watermark, daher wird ihr Zustand nie nach Ereigniszeit entfernt.</translation>
    </message>
    <message>
        <source>Running trigger %1 (%2 of %3)…</source>
        <translation>Trigger %1 läuft (%2 von %3)…</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n trigger(s) run · next: trigger %2</source>
        <translation>
            <numerusform>%1 von %n Trigger ausgeführt · nächster: Trigger %2</numerusform>
            <numerusform>%1 von %n Triggern ausgeführt · nächster: Trigger %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>All %n trigger(s) run</source>
        <translation>
            <numerusform>Der %n Trigger ist ausgeführt</numerusform>
            <numerusform>Alle %n Trigger ausgeführt</numerusform>
        </translation>
    </message>
    <message>
        <source>Triggers are the scenario&apos;s steps, numbered from 0. Each trigger runs a micro-batch for its rows, and a no-data batch after it when the watermark moved, so batch ids run ahead of trigger numbers.</source>
        <translation>Trigger sind die Schritte des Szenarios, ab 0 nummeriert. Jeder Trigger führt einen Micro-Batch für seine Zeilen aus und danach einen No-Data-Batch, wenn sich das Watermark verschoben hat; daher laufen die Batch-Nummern den Trigger-Nummern voraus.</translation>
    </message>
    <message>
        <source>&lt;b&gt;The output mode changed from %1 to %2, so the query started over.&lt;/b&gt; Spark cannot change a running query&apos;s output mode, and batches of one mode say nothing about another.</source>
        <translation>&lt;b&gt;Der Ausgabemodus wurde von %1 zu %2 geändert, daher hat die Abfrage neu begonnen.&lt;/b&gt; Spark kann den Ausgabemodus einer laufenden Abfrage nicht ändern, und Batches eines Modus sagen nichts über einen anderen.</translation>
    </message>
    <message>
        <source>&lt;b&gt;The query changed, so it started over:&lt;/b&gt; batches of the old query say nothing about the new one.</source>
        <translation>&lt;b&gt;Die Abfrage wurde geändert, daher hat sie neu begonnen:&lt;/b&gt; Batches der alten Abfrage sagen nichts über die neue.</translation>
    </message>
    <message numerus="yes">
        <source>The %n trigger(s) of the previous run are kept to compare: step again, and &lt;i&gt;3 · Written&lt;/i&gt; says what the previous run wrote in the same trigger.</source>
        <translation>
            <numerusform>Der %n Trigger des vorigen Laufs bleibt zum Vergleich: Führe wieder Schritte aus, und &lt;i&gt;3 · Geschrieben&lt;/i&gt; sagt, was der vorige Lauf im selben Trigger geschrieben hat.</numerusform>
            <numerusform>Die %n Trigger des vorigen Laufs bleiben zum Vergleich: Führe wieder Schritte aus, und &lt;i&gt;3 · Geschrieben&lt;/i&gt; sagt, was der vorige Lauf im selben Trigger geschrieben hat.</numerusform>
        </translation>
    </message>
    <message>
        <source>batch %1 of 0–%2 · trigger %3</source>
        <translation>Batch %1 von 0–%2 · Trigger %3</translation>
    </message>
    <message>
        <source>Compare Output &amp;Modes</source>
        <translation>Ausgabe&amp;modi vergleichen</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Vergleich</translation>
    </message>
    <message>
        <source>Run the same query and steps in append, update and complete side by side (Ctrl+M)</source>
        <translation>Dieselbe Abfrage mit denselben Schritten im Append-, Update- und Complete-Modus nebeneinander ausführen (Strg+M)</translation>
    </message>
    <message>
        <source>Connect to a PostgreSQL server?</source>
        <translation>Mit einem PostgreSQL-Server verbinden?</translation>
    </message>
    <message>
        <source>This query&apos;s sink writes to a PostgreSQL server:&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;, table &lt;b&gt;%2&lt;/b&gt; (from %3).&lt;br&gt;&lt;br&gt;Connect and write each batch there, showing the table as the server holds it after each batch? Without connecting the query runs in memory and the sink panel shows the rows each batch would write.</source>
        <translation>Die Senke dieser Abfrage schreibt auf einen PostgreSQL-Server:&lt;br&gt;&lt;b&gt;%1&lt;/b&gt;, Tabelle &lt;b&gt;%2&lt;/b&gt; (aus %3).&lt;br&gt;&lt;br&gt;Verbinden, jeden Batch dort schreiben und die Tabelle nach jedem Batch so zeigen, wie der Server sie hält? Ohne Verbindung läuft die Abfrage im Speicher, und die Senkenansicht zeigt die Zeilen, die jeder Batch schreiben würde.</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>Verbinden</translation>
    </message>
    <message>
        <source>Stay in memory</source>
        <translation>Im Speicher bleiben</translation>
    </message>
    <message>
        <source>&amp;Export as Spark Code…</source>
        <translation>Als Spark-Code &amp;exportieren…</translation>
    </message>
    <message>
        <source>The lesson&apos;s query as a PySpark, Scala or Java program for a real Spark cluster (Ctrl+Shift+E)</source>
        <translation>Die Abfrage der Lektion als PySpark-, Scala- oder Java-Programm für einen echten Spark-Cluster (Strg+Umschalt+E)</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;4 · Sink holds&lt;/b&gt; — PostgreSQL table &apos;%1&apos; at %2 after batch %3, read back from the server: %n row(s)</source>
        <translation>
            <numerusform>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — PostgreSQL-Tabelle &apos;%1&apos; auf %2 nach Batch %3, vom Server zurückgelesen: %n Zeile</numerusform>
            <numerusform>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — PostgreSQL-Tabelle &apos;%1&apos; auf %2 nach Batch %3, vom Server zurückgelesen: %n Zeilen</numerusform>
        </translation>
    </message>
    <message>
        <source>Batch %1 was written by the postgres sink in one transaction (its id recorded in _streamstep_batches), then the table was read back with SELECT, ordered by its primary key. Rows the batch inserted read &quot;new&quot;, rows its upsert changed &quot;updated&quot;. Rows of earlier runs stay in the table.</source>
        <translation>Batch %1 wurde von der Postgres-Senke in einer Transaktion geschrieben (seine Id in _streamstep_batches vermerkt), danach wurde die Tabelle mit SELECT nach ihrem Primärschlüssel geordnet zurückgelesen. Vom Batch eingefügte Zeilen heißen „neu“, von seinem Upsert geänderte „aktualisiert“. Zeilen früherer Läufe bleiben in der Tabelle.</translation>
    </message>
    <message>
        <source>Not connected to %1 (you chose to stay in memory; open the scenario again to be asked again).</source>
        <translation>Nicht mit %1 verbunden (Sie haben „Im Speicher bleiben“ gewählt; öffnen Sie das Szenario erneut, um wieder gefragt zu werden).</translation>
    </message>
    <message>
        <source>&lt;b&gt;4 · Sink holds&lt;/b&gt; — postgres: rows batch %1 would write to table &apos;%2&apos;&lt;br&gt;%3</source>
        <translation>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — postgres: Zeilen, die Batch %1 in Tabelle &apos;%2&apos; schreiben würde&lt;br&gt;%3</translation>
    </message>
    <message>
        <source>&amp;Lesson Mode</source>
        <translation>&amp;Lernmodus</translation>
    </message>
    <message>
        <source>Predict, then reveal: before each trigger, show its rows, ask the lesson&apos;s questions and hide the outcome until revealed (Ctrl+L)</source>
        <translation>Vorhersagen, dann aufdecken: vor jedem Trigger seine Zeilen zeigen, die Fragen der Lektion stellen und das Ergebnis bis zum Aufdecken verbergen (Strg+L)</translation>
    </message>
    <message>
        <source>Predict, Then Reveal</source>
        <translation>Vorhersagen, dann aufdecken</translation>
    </message>
    <message>
        <source>Predict trigger %1: its rows are under Arrived; answer, then reveal (Space).</source>
        <translation>Trigger %1 vorhersagen: seine Zeilen stehen unter „Eingetroffen“; antworten, dann aufdecken (Leertaste).</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;1 · Arriving&lt;/b&gt; in trigger %1: %n row(s) — what will the engine do with them?</source>
        <translation>
            <numerusform>&lt;b&gt;1 · Trifft ein&lt;/b&gt; in Trigger %1: %n Zeile — was wird die Engine mit ihr tun?</numerusform>
            <numerusform>&lt;b&gt;1 · Treffen ein&lt;/b&gt; in Trigger %1: %n Zeilen — was wird die Engine mit ihnen tun?</numerusform>
        </translation>
    </message>
    <message>
        <source>hidden until you reveal trigger %1</source>
        <translation>verborgen, bis Sie Trigger %1 aufdecken</translation>
    </message>
    <message>
        <source>&lt;b&gt;2 · Engine holds&lt;/b&gt; — %1</source>
        <translation>&lt;b&gt;2 · Engine hält&lt;/b&gt; — %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;3 · Written&lt;/b&gt; — %1</source>
        <translation>&lt;b&gt;3 · Geschrieben&lt;/b&gt; — %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;4 · Sink holds&lt;/b&gt; — %1</source>
        <translation>&lt;b&gt;4 · Senke enthält&lt;/b&gt; — %1</translation>
    </message>
    <message>
        <source>What-if</source>
        <translation>Was-wäre-wenn</translation>
    </message>
    <message>
        <source>&amp;What-if</source>
        <translation>&amp;Was-wäre-wenn</translation>
    </message>
    <message>
        <source>Change the lesson&apos;s knobs and see the whole run again at once (Ctrl+Shift+W)</source>
        <translation>Die Stellschrauben der Lektion ändern und sofort den ganzen Lauf noch einmal sehen (Strg+Umschalt+W)</translation>
    </message>
    <message>
        <source>Play &amp;Until</source>
        <translation>Abspielen &amp;bis</translation>
    </message>
    <message>
        <source>A &amp;Window Is Written</source>
        <translation>ein &amp;Fenster geschrieben wird</translation>
    </message>
    <message>
        <source>A Row Is &amp;Dropped as Late</source>
        <translation>eine Zeile als verspätet &amp;verworfen wird</translation>
    </message>
    <message>
        <source>The Watermark &amp;Moves</source>
        <translation>das Watermark sich &amp;bewegt</translation>
    </message>
    <message>
        <source>State Is &amp;Evicted</source>
        <translation>Zustand &amp;entfernt wird</translation>
    </message>
    <message>
        <source>A &amp;No-Data Batch Runs</source>
        <translation>ein &amp;No-Data-Batch läuft</translation>
    </message>
    <message>
        <source>Play stopped at batch %1</source>
        <translation>Abspielen bei Batch %1 angehalten</translation>
    </message>
    <message>
        <source>Play stopped at batch %1 without the moment it waited for.</source>
        <translation>Abspielen bei Batch %1 beendet, ohne dass das Erwartete eintrat.</translation>
    </message>
</context>
<context>
    <name>streamstep::ModeComparisonChart</name>
    <message>
        <source>Rows written per trigger</source>
        <translation>Geschriebene Zeilen pro Trigger</translation>
    </message>
    <message>
        <source>Rows in state after each trigger</source>
        <translation>Zeilen im Zustand nach jedem Trigger</translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>Trigger</translation>
    </message>
    <message>
        <source>Rows</source>
        <translation>Zeilen</translation>
    </message>
    <message>
        <source>Shown trigger</source>
        <translation>Gezeigter Trigger</translation>
    </message>
    <message>
        <source>%1: rejected by Spark, no line</source>
        <translation>%1: von Spark abgelehnt, keine Linie</translation>
    </message>
</context>
<context>
    <name>streamstep::ModeComparisonModel</name>
    <message numerus="yes">
        <source>Trigger %1 in %2 mode: %n row(s) written</source>
        <translation>
            <numerusform>Trigger %1 im %2-Modus: %n Zeile geschrieben</numerusform>
            <numerusform>Trigger %1 im %2-Modus: %n Zeilen geschrieben</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>After trigger %1 in %2 mode: %n row(s) in state</source>
        <translation>
            <numerusform>Nach Trigger %1 im %2-Modus: %n Zeile im Zustand</numerusform>
            <numerusform>Nach Trigger %1 im %2-Modus: %n Zeilen im Zustand</numerusform>
        </translation>
    </message>
    <message>
        <source>Trigger</source>
        <translation>Trigger</translation>
    </message>
    <message>
        <source>The scenario&apos;s step, numbered from 0</source>
        <translation>Der Schritt des Szenarios, ab 0 gezählt</translation>
    </message>
    <message>
        <source>Written (%1)</source>
        <translation>Geschrieben (%1)</translation>
    </message>
    <message>
        <source>State rows (%1)</source>
        <translation>Zustandszeilen (%1)</translation>
    </message>
    <message>
        <source>Rows the %1-mode run wrote to the sink in the trigger (all its batches)</source>
        <translation>Zeilen, die der Lauf im %1-Modus in dem Trigger in die Senke schrieb (alle seine Batches)</translation>
    </message>
    <message>
        <source>Rows in the %1-mode run&apos;s state after the trigger</source>
        <translation>Zeilen im Zustand des Laufs im %1-Modus nach dem Trigger</translation>
    </message>
</context>
<context>
    <name>streamstep::QueryEditor</name>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Add an op after the selected one</source>
        <translation>Eine Operation nach der ausgewählten hinzufügen</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Edit the selected op</source>
        <translation>Die ausgewählte Operation bearbeiten</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>Entfernen</translation>
    </message>
    <message>
        <source>Remove the selected op</source>
        <translation>Die ausgewählte Operation entfernen</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Nach oben</translation>
    </message>
    <message>
        <source>Move the selected op up</source>
        <translation>Die ausgewählte Operation nach oben verschieben</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Nach unten</translation>
    </message>
    <message>
        <source>Move the selected op down</source>
        <translation>Die ausgewählte Operation nach unten verschieben</translation>
    </message>
    <message>
        <source>&lt;b&gt;Query&lt;/b&gt; — ops in order</source>
        <translation>&lt;b&gt;Abfrage&lt;/b&gt; — Operationen in Reihenfolge</translation>
    </message>
    <message>
        <source>Output mode:</source>
        <translation>Ausgabemodus:</translation>
    </message>
    <message>
        <source>Sink:</source>
        <translation>Senke:</translation>
    </message>
    <message>
        <source>append — only final rows</source>
        <translation>append — nur finale Zeilen</translation>
    </message>
    <message>
        <source>update — changed rows</source>
        <translation>update — geänderte Zeilen</translation>
    </message>
    <message>
        <source>complete — whole result</source>
        <translation>complete — ganzes Ergebnis</translation>
    </message>
    <message>
        <source>Add %1</source>
        <translation>%1 hinzufügen</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>%1 bearbeiten</translation>
    </message>
    <message>
        <source>Remove %1</source>
        <translation>%1 entfernen</translation>
    </message>
    <message>
        <source>Move %1 up</source>
        <translation>%1 nach oben verschieben</translation>
    </message>
    <message>
        <source>Move %1 down</source>
        <translation>%1 nach unten verschieben</translation>
    </message>
    <message>
        <source>Set output mode to %1</source>
        <translation>Ausgabemodus auf %1 setzen</translation>
    </message>
    <message>
        <source>Set sink to %1</source>
        <translation>Senke auf %1 setzen</translation>
    </message>
    <message>
        <source>Options…</source>
        <translation>Optionen…</translation>
    </message>
    <message>
        <source>Edit the sink&apos;s options (DataStreamWriter.option)</source>
        <translation>Optionen der Senke bearbeiten (DataStreamWriter.option)</translation>
    </message>
    <message>
        <source>Set %1 sink options</source>
        <translation>Optionen der Senke %1 setzen</translation>
    </message>
    <message>
        <source>Options of the %1 sink</source>
        <translation>Optionen der Senke %1</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>(nicht gesetzt)</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>Verbindung testen</translation>
    </message>
    <message>
        <source>Connect to the server with these options and check the table; nothing is changed</source>
        <translation>Mit diesen Optionen zum Server verbinden und die Tabelle prüfen; nichts wird geändert</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>Verbinde…</translation>
    </message>
    <message>
        <source>OK: </source>
        <translation>OK: </translation>
    </message>
    <message>
        <source>Failed: </source>
        <translation>Fehlgeschlagen: </translation>
    </message>
    <message>
        <source>The query does not start, so there is no result to check the table against: %1</source>
        <translation>Die Abfrage startet nicht, daher gibt es kein Ergebnis, gegen das die Tabelle geprüft werden könnte: %1</translation>
    </message>
    <message>
        <source>Whose defaults and error messages the query follows: Spark 4.2 turns ANSI mode on (overflow, division by zero and bad casts fail the batch) and words errors as 4.2 does</source>
        <translation>Wessen Voreinstellungen und Fehlermeldungen die Abfrage folgt: Spark 4.2 schaltet den ANSI-Modus ein (Überlauf, Division durch null und ungültige Casts lassen den Batch scheitern) und formuliert Fehler wie 4.2</translation>
    </message>
    <message>
        <source>Spark:</source>
        <translation>Spark:</translation>
    </message>
    <message>
        <source>Spark 4.2 (ANSI mode)</source>
        <translation>Spark 4.2 (ANSI-Modus)</translation>
    </message>
    <message>
        <source>Spark 3.5</source>
        <translation>Spark 3.5</translation>
    </message>
    <message>
        <source>Follow Spark %1</source>
        <translation>Spark %1 folgen</translation>
    </message>
</context>
<context>
    <name>streamstep::QueryOpDialog</name>
    <message>
        <source>Query op: %1</source>
        <translation>Abfrageoperation: %1</translation>
    </message>
    <message>
        <source>Event-time column:</source>
        <translation>Ereigniszeit-Spalte:</translation>
    </message>
    <message>
        <source>for example: 10 minutes</source>
        <translation>zum Beispiel: 10 minutes</translation>
    </message>
    <message>
        <source>Delay threshold:</source>
        <translation>Verzögerungsschwelle:</translation>
    </message>
    <message>
        <source>for example: amount &gt; 1000</source>
        <translation>zum Beispiel: amount &gt; 1000</translation>
    </message>
    <message>
        <source>Condition:</source>
        <translation>Bedingung:</translation>
    </message>
    <message>
        <source>Columns (one per line):</source>
        <translation>Spalten (eine pro Zeile):</translation>
    </message>
    <message>
        <source>Column name:</source>
        <translation>Spaltenname:</translation>
    </message>
    <message>
        <source>Expression:</source>
        <translation>Ausdruck:</translation>
    </message>
    <message>
        <source>for example: window(eventTime, &apos;5 minutes&apos;)</source>
        <translation>zum Beispiel: window(eventTime, &apos;5 minutes&apos;)</translation>
    </message>
    <message>
        <source>Keys (one per line):</source>
        <translation>Schlüssel (einer pro Zeile):</translation>
    </message>
    <message>
        <source>for example: sum(amount) AS total</source>
        <translation>zum Beispiel: sum(amount) AS total</translation>
    </message>
    <message>
        <source>Aggregates (one per line):</source>
        <translation>Aggregate (eines pro Zeile):</translation>
    </message>
    <message>
        <source>empty: all columns</source>
        <translation>leer: alle Spalten</translation>
    </message>
    <message>
        <source>Name the event-time column.</source>
        <translation>Geben Sie die Ereigniszeit-Spalte an.</translation>
    </message>
    <message>
        <source>Invalid delay &apos;%1&apos;: %2</source>
        <translation>Ungültige Verzögerung &apos;%1&apos;: %2</translation>
    </message>
    <message>
        <source>The delay threshold (%1) should not be negative.</source>
        <translation>Die Verzögerungsschwelle (%1) darf nicht negativ sein.</translation>
    </message>
    <message>
        <source>Name the new column.</source>
        <translation>Geben Sie den Namen der neuen Spalte an.</translation>
    </message>
    <message>
        <source>Enter at least one expression.</source>
        <translation>Geben Sie mindestens einen Ausdruck ein.</translation>
    </message>
</context>
<context>
    <name>streamstep::QuerySummaryView</name>
    <message>
        <source>Add a watermark (withWatermark) on the event-time column and group by a window of it, or use update or complete mode.</source>
        <translation>Fügen Sie ein Watermark (withWatermark) auf der Ereigniszeit-Spalte hinzu und gruppieren Sie nach einem Fenster darüber, oder verwenden Sie den Update- oder Complete-Modus.</translation>
    </message>
    <message>
        <source>Use append or update mode for a query without aggregation, or add a groupBy.</source>
        <translation>Verwenden Sie für eine Abfrage ohne Aggregation den Append- oder Update-Modus, oder fügen Sie ein groupBy hinzu.</translation>
    </message>
    <message>
        <source>File sinks accept only append mode: use append mode (with a watermark for an aggregation), or a console, memory or SQLite sink.</source>
        <translation>Dateisenken akzeptieren nur den Append-Modus: Verwenden Sie den Append-Modus (mit Watermark bei einer Aggregation) oder eine Konsolen-, Speicher- oder SQLite-Senke.</translation>
    </message>
    <message>
        <source>Untitled scenario</source>
        <translation>Unbenanntes Szenario</translation>
    </message>
    <message>
        <source>The query cannot start:</source>
        <translation>Die Abfrage kann nicht starten:</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>Abhilfe:</translation>
    </message>
    <message>
        <source>Source &lt;code&gt;%1&lt;/code&gt;</source>
        <translation>Quelle &lt;code&gt;%1&lt;/code&gt;</translation>
    </message>
    <message>
        <source>Query</source>
        <translation>Abfrage</translation>
    </message>
    <message>
        <source>Output mode:</source>
        <translation>Ausgabemodus:</translation>
    </message>
    <message>
        <source>Sink:</source>
        <translation>Senke:</translation>
    </message>
    <message>
        <source>Triggers:</source>
        <translation>Trigger:</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>Plan</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lektion</translation>
    </message>
    <message>
        <source>What this lesson shows, trigger by trigger</source>
        <translation>Was diese Lektion zeigt, Trigger für Trigger</translation>
    </message>
    <message>
        <source>Code &amp;&amp; Plan</source>
        <translation>Code &amp;&amp; Abfrageplan</translation>
    </message>
    <message>
        <source>The source schema, the DataFrame code Spark would run, and the engine&apos;s plan</source>
        <translation>Das Quellschema, der DataFrame-Code, den Spark ausführen würde, und der Plan der Engine</translation>
    </message>
    <message>
        <source>Follows Spark %1 — ANSI mode on</source>
        <translation>Folgt Spark %1 — ANSI-Modus an</translation>
    </message>
    <message>
        <source>Follows Spark %1 — ANSI mode off</source>
        <translation>Folgt Spark %1 — ANSI-Modus aus</translation>
    </message>
    <message>
        <source>Overflow, division by zero and bad casts fail the batch, with Spark&apos;s error</source>
        <translation>Überlauf, Division durch null und ungültige Casts lassen den Batch mit Sparks Fehler scheitern</translation>
    </message>
    <message>
        <source>Overflow wraps around; division by zero and bad casts give NULL</source>
        <translation>Überlauf läuft um; Division durch null und ungültige Casts ergeben NULL</translation>
    </message>
    <message>
        <source>Follows Spark %1</source>
        <translation>Folgt Spark %1</translation>
    </message>
    <message>
        <source>Spark:</source>
        <translation>Spark:</translation>
    </message>
</context>
<context>
    <name>streamstep::WhatIfPanel</name>
    <message>
        <source>processed</source>
        <translation>verarbeitet</translation>
    </message>
    <message>
        <source>late but kept</source>
        <translation>verspätet, aber behalten</translation>
    </message>
    <message>
        <source>filtered</source>
        <translation>gefiltert</translation>
    </message>
    <message>
        <source>dropped as late</source>
        <translation>als verspätet verworfen</translation>
    </message>
    <message>
        <source>a duplicate</source>
        <translation>ein Duplikat</translation>
    </message>
    <message>
        <source>Watermark delay:</source>
        <translation>Watermark-Verzögerung:</translation>
    </message>
    <message>
        <source>Window duration:</source>
        <translation>Fensterdauer:</translation>
    </message>
    <message>
        <source>Window slide:</source>
        <translation>Fenstervorschub:</translation>
    </message>
    <message>
        <source>Window start:</source>
        <translation>Fensterversatz:</translation>
    </message>
    <message>
        <source>Session gap:</source>
        <translation>Sitzungslücke:</translation>
    </message>
    <message>
        <source>Output mode:</source>
        <translation>Ausgabemodus:</translation>
    </message>
    <message>
        <source>No-data batches</source>
        <translation>No-Data-Batches</translation>
    </message>
    <message>
        <source>spark.sql.streaming.noDataMicroBatches.enabled: whether a batch without rows runs when the watermark moved</source>
        <translation>spark.sql.streaming.noDataMicroBatches.enabled: ob ein Batch ohne Zeilen läuft, wenn sich das Watermark bewegt hat</translation>
    </message>
    <message>
        <source>Spark version:</source>
        <translation>Spark-Version:</translation>
    </message>
    <message>
        <source>Against the lesson as written</source>
        <translation>Gegenüber der Lektion, wie sie geschrieben ist</translation>
    </message>
    <message>
        <source>&amp;Apply to Lesson</source>
        <translation>In die Lektion &amp;übernehmen</translation>
    </message>
    <message>
        <source>Put these values into the lesson&apos;s query (undo with Ctrl+Z)</source>
        <translation>Diese Werte in die Abfrage der Lektion übernehmen (rückgängig mit Strg+Z)</translation>
    </message>
    <message>
        <source>&amp;Revert</source>
        <translation>&amp;Zurücksetzen</translation>
    </message>
    <message>
        <source>Set every knob back to the lesson&apos;s value</source>
        <translation>Jede Stellschraube auf den Wert der Lektion zurücksetzen</translation>
    </message>
    <message>
        <source>Open a lesson to try its knobs.</source>
        <translation>Öffnen Sie eine Lektion, um ihre Stellschrauben auszuprobieren.</translation>
    </message>
    <message>
        <source>Move a knob: the whole lesson runs again from batch 0 with it, and this says what changes.</source>
        <translation>Bewegen Sie eine Stellschraube: Die ganze Lektion läuft damit ab Batch 0 noch einmal, und hier steht, was sich ändert.</translation>
    </message>
    <message>
        <source>, </source>
        <extracomment>Joins the clauses of the what-if summary: &quot;With a delay of 2 minutes, 3 more rows are dropped, … and …&quot;.</extracomment>
        <translation>, </translation>
    </message>
    <message>
        <source> and </source>
        <extracomment>The last joint of the what-if summary&apos;s clauses, with its spaces.</extracomment>
        <translation> und </translation>
    </message>
    <message>
        <source>What-if: %1</source>
        <translation>Was-wäre-wenn: %1</translation>
    </message>
    <message>
        <source>What-if: %1 instead of %2</source>
        <translation>Was-wäre-wenn: %1 statt %2</translation>
    </message>
    <message>
        <source>What-if: written in batch %1 instead</source>
        <translation>Was-wäre-wenn: stattdessen in Batch %1 geschrieben</translation>
    </message>
    <message>
        <source>What-if: not written with these values</source>
        <translation>Was-wäre-wenn: mit diesen Werten nicht geschrieben</translation>
    </message>
    <message>
        <source>What-if: this window is never written</source>
        <translation>Was-wäre-wenn: Dieses Fenster wird nie geschrieben</translation>
    </message>
    <message>
        <source>What-if: this window never becomes final</source>
        <translation>Was-wäre-wenn: Dieses Fenster wird nie endgültig</translation>
    </message>
    <message>
        <source>What-if: written in batch %1</source>
        <translation>Was-wäre-wenn: in Batch %1 geschrieben</translation>
    </message>
    <message>
        <source>What-if: final in batch %1</source>
        <translation>Was-wäre-wenn: in Batch %1 endgültig</translation>
    </message>
    <message>
        <source>What-if: written in batch %1 instead of %2</source>
        <translation>Was-wäre-wenn: in Batch %1 statt %2 geschrieben</translation>
    </message>
    <message>
        <source>What-if: final in batch %1 instead of %2</source>
        <translation>Was-wäre-wenn: in Batch %1 statt %2 endgültig</translation>
    </message>
</context>
<context>
    <name>streamstep::QuizPanel</name>
    <message>
        <source>&amp;Check Answers</source>
        <translation>Antworten &amp;prüfen</translation>
    </message>
    <message>
        <source>Grade your answers against the engine&apos;s and show why (Space)</source>
        <translation>Ihre Antworten mit denen der Engine vergleichen und das Warum zeigen (Leertaste)</translation>
    </message>
    <message>
        <source>Re&amp;veal Trigger</source>
        <translation>Trigger &amp;aufdecken</translation>
    </message>
    <message>
        <source>Run the trigger and show what it did (Space once checked)</source>
        <translation>Den Trigger ausführen und zeigen, was er tat (Leertaste, sobald geprüft)</translation>
    </message>
    <message>
        <source>Question %1</source>
        <translation>Frage %1</translation>
    </message>
    <message>
        <source>Tick every row the trigger writes to the sink:</source>
        <translation>Haken Sie jede Zeile an, die der Trigger in die Senke schreibt:</translation>
    </message>
    <message>
        <source>Tick every arriving row that is dropped as late:</source>
        <translation>Haken Sie jede eintreffende Zeile an, die als verspätet verworfen wird:</translation>
    </message>
    <message>
        <source>Written?</source>
        <translation>Geschrieben?</translation>
    </message>
    <message>
        <source>Dropped?</source>
        <translation>Verworfen?</translation>
    </message>
    <message>
        <source>Watermark (UTC):</source>
        <translation>Watermark (UTC):</translation>
    </message>
    <message>
        <source>State rows:</source>
        <translation>Zustandszeilen:</translation>
    </message>
    <message>
        <source>Pick every right answer:</source>
        <translation>Wählen Sie jede richtige Antwort:</translation>
    </message>
    <message>
        <source>The engine cannot answer this question: %1</source>
        <translation>Die Engine kann diese Frage nicht beantworten: %1</translation>
    </message>
    <message numerus="yes">
        <source>The engine&apos;s answer: trigger %1 writes %n row(s), marked in the table.</source>
        <translation>
            <numerusform>Antwort der Engine: Trigger %1 schreibt %n Zeile, in der Tabelle markiert.</numerusform>
            <numerusform>Antwort der Engine: Trigger %1 schreibt %n Zeilen, in der Tabelle markiert.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The engine&apos;s answer: %n row(s) of trigger %1 are dropped as late, marked in the table.</source>
        <translation>
            <numerusform>Antwort der Engine: %n Zeile von Trigger %1 wird als verspätet verworfen, in der Tabelle markiert.</numerusform>
            <numerusform>Antwort der Engine: %n Zeilen von Trigger %1 werden als verspätet verworfen, in der Tabelle markiert.</numerusform>
        </translation>
    </message>
    <message>
        <source>The engine&apos;s answer: the watermark after trigger %1 is &lt;b&gt;%2&lt;/b&gt;.</source>
        <translation>Antwort der Engine: Das Watermark nach Trigger %1 ist &lt;b&gt;%2&lt;/b&gt;.</translation>
    </message>
    <message numerus="yes">
        <source>The engine&apos;s answer: &lt;b&gt;%n row(s)&lt;/b&gt; in state after trigger %1.</source>
        <translation>
            <numerusform>Antwort der Engine: &lt;b&gt;%n Zeile&lt;/b&gt; im Zustand nach Trigger %1.</numerusform>
            <numerusform>Antwort der Engine: &lt;b&gt;%n Zeilen&lt;/b&gt; im Zustand nach Trigger %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>The engine&apos;s answer: %1</source>
        <translation>Antwort der Engine: %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;✓ Right.&lt;/b&gt;</source>
        <translation>&lt;b&gt;✓ Richtig.&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;✗ Not quite.&lt;/b&gt;</source>
        <translation>&lt;b&gt;✗ Nicht ganz.&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>%n right row(s) not ticked</source>
        <translation>
            <numerusform>%n richtige Zeile nicht angehakt</numerusform>
            <numerusform>%n richtige Zeilen nicht angehakt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n ticked wrongly</source>
        <translation>
            <numerusform>%n falsch angehakt</numerusform>
            <numerusform>%n falsch angehakt</numerusform>
        </translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>Warum: %1</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>Engine</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Warum</translation>
    </message>
    <message>
        <source>written</source>
        <translation>geschrieben</translation>
    </message>
    <message>
        <source>not written</source>
        <translation>nicht geschrieben</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>verworfen</translation>
    </message>
    <message>
        <source>kept</source>
        <translation>behalten</translation>
    </message>
    <message>
        <source>&lt;b&gt;Trigger %1 revealed&lt;/b&gt;</source>
        <translation>&lt;b&gt;Trigger %1 aufgedeckt&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Press Step (Space) to predict the next trigger.</source>
        <translation>Drücken Sie Schritt (Leertaste), um den nächsten Trigger vorherzusagen.</translation>
    </message>
    <message numerus="yes">
        <source>Score for this lesson: %1 of %n question(s) right</source>
        <translation>
            <numerusform>Punktzahl dieser Lektion: %1 von %n Frage richtig</numerusform>
            <numerusform>Punktzahl dieser Lektion: %1 von %n Fragen richtig</numerusform>
        </translation>
    </message>
    <message>
        <source>&lt;b&gt;Trigger %1: predict, then reveal&lt;/b&gt;</source>
        <translation>&lt;b&gt;Trigger %1: vorhersagen, dann aufdecken&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Its rows are shown under Arrived; what the engine holds and writes and what the sink shows stay hidden until you reveal the trigger.</source>
        <translation>Seine Zeilen stehen unter „Eingetroffen“; was die Engine hält und schreibt und was die Senke zeigt, bleibt verborgen, bis Sie den Trigger aufdecken.</translation>
    </message>
    <message>
        <source>This trigger has no questions: predict what it does, then reveal it.</source>
        <translation>Dieser Trigger hat keine Fragen: Sagen Sie vorher, was er tut, und decken Sie ihn dann auf.</translation>
    </message>
    <message>
        <source>Answer, then Check Answers (Space).</source>
        <translation>Antworten Sie, dann „Antworten prüfen“ (Leertaste).</translation>
    </message>
    <message>
        <source>Now reveal the trigger (Space).</source>
        <translation>Decken Sie jetzt den Trigger auf (Leertaste).</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lesson mode is off&lt;/b&gt;</source>
        <translation>&lt;b&gt;Der Lernmodus ist aus&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Turn on Run ▸ Lesson Mode to be asked before each trigger.</source>
        <translation>Schalten Sie Ausführen ▸ Lernmodus ein, um vor jedem Trigger gefragt zu werden.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Lesson mode&lt;/b&gt;</source>
        <translation>&lt;b&gt;Lernmodus&lt;/b&gt;</translation>
    </message>
    <message>
        <source>Press Step (Space): the next trigger&apos;s rows are shown first, and its questions asked.</source>
        <translation>Drücken Sie Schritt (Leertaste): Zuerst werden die Zeilen des nächsten Triggers gezeigt und seine Fragen gestellt.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Spark rejects this query&lt;/b&gt;</source>
        <translation>&lt;b&gt;Spark lehnt diese Abfrage ab&lt;/b&gt;</translation>
    </message>
    <message>
        <source>No trigger runs: the message above the panels says why, and how to fix it.</source>
        <translation>Kein Trigger läuft: Die Meldung über den Bereichen sagt, warum, und wie man es behebt.</translation>
    </message>
</context>
<context>
    <name>streamstep::RowExplainer</name>
    <message numerus="yes">
        <source>%n batch(es), from batch %1 on, are kept as summaries in this long run (the latest %2 batches are kept in full): their rows are not linked; select one to see it in full.</source>
        <translation>
            <numerusform>%n Batch ab Batch %1 wird in diesem langen Lauf als Zusammenfassung aufbewahrt (die letzten %2 Batches bleiben vollständig): Seine Zeilen sind nicht verknüpft; wählen Sie ihn aus, um ihn vollständig zu sehen.</numerusform>
            <numerusform>%n Batches ab Batch %1 werden in diesem langen Lauf als Zusammenfassungen aufbewahrt (die letzten %2 Batches bleiben vollständig): Ihre Zeilen sind nicht verknüpft; wählen Sie einen aus, um ihn vollständig zu sehen.</numerusform>
        </translation>
    </message>
    <message>
        <source>batch %1: row %2</source>
        <translation>Batch %1: Zeile %2</translation>
    </message>
    <message>
        <source>batch %1: rows %2</source>
        <translation>Batch %1: Zeilen %2</translation>
    </message>
    <message>
        <source>%1 in the result table after batch %2</source>
        <translation>%1 in der Ergebnistabelle nach Batch %2</translation>
    </message>
    <message>
        <source>%1, written by batch %2</source>
        <translation>%1, geschrieben von Batch %2</translation>
    </message>
    <message>
        <source>%1 in the sink</source>
        <translation>%1 in der Senke</translation>
    </message>
    <message>
        <source>no batch shown wrote this row</source>
        <translation>kein gezeigter Batch hat diese Zeile geschrieben</translation>
    </message>
    <message>
        <source>%1 in the sink, written by batch %2</source>
        <translation>%1 in der Senke, geschrieben von Batch %2</translation>
    </message>
    <message>
        <source>input row %1 of batch %2 (%3)</source>
        <translation>Eingabezeile %1 von Batch %2 (%3)</translation>
    </message>
    <message>
        <source>the selected input row</source>
        <translation>die gewählte Eingabezeile</translation>
    </message>
    <message>
        <source>It went into no group of the result table after batch %1.</source>
        <translation>Sie ging in keine Gruppe der Ergebnistabelle nach Batch %1 ein.</translation>
    </message>
    <message numerus="yes">
        <source>It went into %n group(s) of the result table after batch %1 (marked ● in 2 · Engine holds).</source>
        <translation>
            <numerusform>Sie ging in %n Gruppe der Ergebnistabelle nach Batch %1 ein (markiert ● in 2 · Engine hält).</numerusform>
            <numerusform>Sie ging in %n Gruppen der Ergebnistabelle nach Batch %1 ein (markiert ● in 2 · Engine hält).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n of the rows written in this trigger hold(s) it (● in 3 · Written).</source>
        <translation>
            <numerusform>%n der in diesem Trigger geschriebenen Zeilen enthält sie (● in 3 · Geschrieben).</numerusform>
            <numerusform>%n der in diesem Trigger geschriebenen Zeilen enthalten sie (● in 3 · Geschrieben).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n row(s) of the sink hold(s) it (● in 4 · Sink holds).</source>
        <translation>
            <numerusform>%n Zeile der Senke enthält sie (● in 4 · Senke enthält).</numerusform>
            <numerusform>%n Zeilen der Senke enthalten sie (● in 4 · Senke enthält).</numerusform>
        </translation>
    </message>
    <message>
        <source>went into the selected row</source>
        <translation>ging in die gewählte Zeile ein</translation>
    </message>
    <message>
        <source>No input row that the app explained went into it.</source>
        <translation>Keine Eingabezeile, die die App erklärt hat, ging in sie ein.</translation>
    </message>
    <message numerus="yes">
        <source>%n input row(s) went into it — %1 (marked ● in 1 · Arrived when they arrived in this trigger, ringed on the timeline).</source>
        <translation>
            <numerusform>%n Eingabezeile ging in sie ein — %1 (markiert ● in 1 · Eingetroffen, wenn sie in diesem Trigger eintraf, umkreist auf der Zeitleiste).</numerusform>
            <numerusform>%n Eingabezeilen gingen in sie ein — %1 (markiert ● in 1 · Eingetroffen, wenn sie in diesem Trigger eintrafen, umkreist auf der Zeitleiste).</numerusform>
        </translation>
    </message>
    <message>
        <source>This trigger wrote it (● in 3 · Written).</source>
        <translation>Dieser Trigger hat sie geschrieben (● in 3 · Geschrieben).</translation>
    </message>
    <message>
        <source>The sink holds it (● in 4 · Sink holds).</source>
        <translation>Die Senke enthält sie (● in 4 · Senke enthält).</translation>
    </message>
    <message>
        <source>The engine links input rows to the groups of an aggregation; this query has none, so a written row is not traced back to its input row.</source>
        <translation>Die Engine verknüpft Eingabezeilen mit den Gruppen einer Aggregation; diese Abfrage hat keine, daher wird eine geschriebene Zeile nicht auf ihre Eingabezeile zurückgeführt.</translation>
    </message>
    <message>
        <source>Batch %1 had %2 rows, more than the %3 rows up to which the app explains a step: its rows carry their fate, but not the numbers behind it, and are not linked.</source>
        <translation>Batch %1 hatte %2 Zeilen, mehr als die %3 Zeilen, bis zu denen die App einen Schritt erklärt: Seine Zeilen tragen ihr Schicksal, aber nicht die Zahlen dahinter, und sind nicht verknüpft.</translation>
    </message>
    <message numerus="yes">
        <source>%n batch(es), from batch %1 on, had more rows than the %2 rows up to which the app explains a step: their rows carry their fate, but not the numbers behind it, and are not linked.</source>
        <translation>
            <numerusform>%n Batch ab Batch %1 hatte mehr Zeilen als die %2 Zeilen, bis zu denen die App einen Schritt erklärt: Seine Zeilen tragen ihr Schicksal, aber nicht die Zahlen dahinter, und sind nicht verknüpft.</numerusform>
            <numerusform>%n Batches ab Batch %1 hatten mehr Zeilen als die %2 Zeilen, bis zu denen die App einen Schritt erklärt: Ihre Zeilen tragen ihr Schicksal, aber nicht die Zahlen dahinter, und sind nicht verknüpft.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>streamstep::RunController</name>
    <message>
        <source>%1: cannot open the file: %2</source>
        <translation>%1: Die Datei kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>%1: cannot write the file: %2</source>
        <translation>%1: Die Datei kann nicht geschrieben werden: %2</translation>
    </message>
    <message>
        <source>reading the input</source>
        <translation>Eingabe lesen</translation>
    </message>
    <message>
        <source>withWatermark</source>
        <translation>withWatermark</translation>
    </message>
    <message>
        <source>filter</source>
        <translation>filter</translation>
    </message>
    <message>
        <source>select</source>
        <translation>select</translation>
    </message>
    <message>
        <source>window</source>
        <translation>window</translation>
    </message>
    <message>
        <source>aggregation and state</source>
        <translation>Aggregation und Zustand</translation>
    </message>
    <message>
        <source>dropDuplicates</source>
        <translation>dropDuplicates</translation>
    </message>
    <message>
        <source>marking late rows</source>
        <translation>verspätete Zeilen markieren</translation>
    </message>
    <message>
        <source>result table</source>
        <translation>Ergebnistabelle</translation>
    </message>
    <message>
        <source>watermark and sink</source>
        <translation>Watermark und Senke</translation>
    </message>
    <message>
        <source>no-data batch</source>
        <translation>No-Data-Batch</translation>
    </message>
    <message>
        <source>cancelling…</source>
        <translation>wird abgebrochen…</translation>
    </message>
</context>
<context>
    <name>streamstep::SinkContentsModel</name>
    <message>
        <source>Batch %1 would fail: row %2 violates the table&apos;s primary key (append mode inserts; use update mode to upsert). The table holds the batches before it.</source>
        <translation>Batch %1 würde fehlschlagen: Zeile %2 verletzt den Primärschlüssel der Tabelle (der Append-Modus fügt ein; verwenden Sie den Update-Modus für ein Upsert). Die Tabelle enthält die Batches davor.</translation>
    </message>
    <message>
        <source>New: written by this batch, in its part file</source>
        <translation>Neu: von diesem Batch geschrieben, in seiner Part-Datei</translation>
    </message>
    <message>
        <source>New: inserted by this batch&apos;s transaction</source>
        <translation>Neu: von der Transaktion dieses Batches eingefügt</translation>
    </message>
    <message>
        <source>Updated: its key was in the table; this batch&apos;s upsert replaced the row</source>
        <translation>Geändert: Der Schlüssel war schon in der Tabelle; das Upsert dieses Batches hat die Zeile ersetzt</translation>
    </message>
    <message>
        <source>%1: written by batch %2; listed in %3/%4</source>
        <translation>%1: von Batch %2 geschrieben; aufgeführt in %3/%4</translation>
    </message>
    <message>
        <source>status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>file</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>What the batch shown wrote: new rows, and rows its upsert replaced</source>
        <translation>Was der angezeigte Batch geschrieben hat: neue Zeilen und die von seinem Upsert ersetzten Zeilen</translation>
    </message>
    <message>
        <source>The committed part file that holds the row (only files the _spark_metadata manifest lists)</source>
        <translation>Die festgeschriebene Part-Datei, die die Zeile enthält (nur Dateien, die das _spark_metadata-Manifest aufführt)</translation>
    </message>
    <message>
        <source>The committed part file that holds the row (%1 for part-%2; only files the _spark_metadata manifest lists)</source>
        <translation>Die festgeschriebene Part-Datei, die die Zeile enthält (%1 für part-%2; nur Dateien, die das _spark_metadata-Manifest aufführt)</translation>
    </message>
    <message>
        <source>%1: part of the table&apos;s primary key</source>
        <translation>%1: Teil des Primärschlüssels der Tabelle</translation>
    </message>
    <message>
        <source>Every time in this column is on %1 (UTC); cells show the time of day.</source>
        <translation>Alle Zeiten dieser Spalte liegen am %1 (UTC); die Zellen zeigen die Uhrzeit.</translation>
    </message>
</context>
<context>
    <name>streamstep::WhyView</name>
    <message>
        <source>&lt;b&gt;Why?&lt;/b&gt; Select a row in any panel above: the engine says why it went where, and the rows it came from or went into are marked ●. Hover a dot or a window on the timeline for the same.</source>
        <translation>&lt;b&gt;Warum?&lt;/b&gt; Wählen Sie eine Zeile in einem der Bereiche oben: Die Engine sagt, warum sie wohin ging, und die Zeilen, aus denen sie kam oder in die sie einging, sind mit ● markiert. Zeigen Sie auf der Zeitleiste auf einen Punkt oder ein Fenster für dasselbe.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Why&lt;/b&gt; · %1: &lt;b&gt;%2&lt;/b&gt;</source>
        <translation>&lt;b&gt;Warum&lt;/b&gt; · %1: &lt;b&gt;%2&lt;/b&gt;</translation>
    </message>
</context>
</TS>
