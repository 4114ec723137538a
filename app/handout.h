// Handouts (File ▸ Export Batch as PNG… / as PDF…, Export Lesson as PDF…): a printed page per
// batch, as the window tells it — the lesson's title and the batch, the engine's narrative, the
// three story panels' tables (what arrived, what the engine holds, what was written) and the
// event-time timeline — painted with QPainter, so in a PDF the text and lines stay vector (the
// timeline is the same widget the window shows, rendered into the page). Shows only what the
// engine reported: the tables come from the same models as the panels.
#pragma once

#include "streamstep/engine.h"
#include "streamstep/scenario.h"

#include <QPainter>
#include <QString>

#include <memory>
#include <vector>

namespace streamstep {

class RunController;

struct HandoutRun {
    std::shared_ptr<const Scenario> scenario;
    std::shared_ptr<const Query> query;
    std::vector<std::shared_ptr<const BatchReport>> reports;

    // The batches the window's run has reported so far.
    static HandoutRun fromController(const RunController &controller);
    // The whole lesson, run from batch 0 (all its triggers); empty reports and `error` set when
    // the query is rejected or a batch fails.
    static HandoutRun wholeLesson(std::shared_ptr<const Scenario> scenario, QString *error = nullptr);
};

class Handout {
public:
    explicit Handout(HandoutRun run);

    int numBatches() const { return int(m_run.reports.size()); }
    // A page in logical units (1/96 inch): A4 landscape.
    static QSizeF pageSize();
    // Paints batch `index` on a page of `pageSize()` at the painter's origin.
    void paintBatch(QPainter &painter, int index) const;
    // The page's text: the heading, the narrative and the tables' titles (what a reader of the
    // PDF finds; for tests and the accessible description).
    QString batchText(int index) const;

    // One page for batch `index`.
    bool writeBatchPdf(const QString &path, int index, QString *error = nullptr) const;
    // The page as an image, twice the logical size (192 dpi).
    bool writeBatchPng(const QString &path, int index, QString *error = nullptr) const;
    // One page per batch, in order.
    bool writeLessonPdf(const QString &path, QString *error = nullptr) const;

private:
    bool writePdf(const QString &path, int first, int last, QString *error) const;
    QString heading(int index) const;

    HandoutRun m_run;
};

} // namespace streamstep
