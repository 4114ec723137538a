// The rows of a step's "generate" (docs/scenario-format.md, "Generated rows"), computed by the
// engine's own expression code: the reader only reads the spec, so it does not depend on expr/.
#include "analysis/logical_plan.h"
#include "expr/expression.h"
#include "scenario/json_document.h"
#include "streamstep/scenario.h"

#include <memory>

namespace streamstep {

namespace {

// Spark: spark.range(start, start + rows) — one long column `id`.
ColumnBatch idBatch(int64_t start, int64_t rows)
{
    ColumnBatch batch;
    batch.schema.fields.push_back(Field{"id", DataType::int64(), std::nullopt});
    Column id = Column::zeros(DataType::int64(), static_cast<size_t>(rows));
    const auto ints = id.ints();
    for (int64_t i = 0; i < rows; ++i)
        ints[static_cast<size_t>(i)] = start + i;
    batch.columns.push_back(std::move(id));
    batch.numRows = static_cast<size_t>(rows);
    return batch;
}

ColumnBatch generateRows(const Scenario &scenario, const GeneratedRows &spec, const SparkConf &conf)
{
    const ColumnBatch ids = idBatch(spec.start, spec.rows);
    ColumnBatch rows = ColumnBatch::empty(scenario.sourceSchema);
    rows.numRows = ids.numRows;
    for (size_t c = 0; c < scenario.sourceSchema.size(); ++c) {
        const Field &field = scenario.sourceSchema.fields[c];
        const ExprText &text = spec.columns[c];
        const ExprOrigin origin{"generate column '" + field.name + "'", text.filePosition, text.text};
        try {
            // CAST((expr) AS type): the cast spans the expression, so its errors point there.
            const expr::AstPtr parsed = expr::parseExpression(text.text);
            auto cast = std::make_shared<expr::AstNode>();
            cast->kind = expr::AstNode::Kind::Cast;
            cast->castType = field.type;
            cast->children = {parsed};
            cast->begin = parsed->begin;
            cast->end = parsed->end;
            expr::BindOptions options;
            options.mode = conf.ansi ? expr::EvalMode::Ansi : expr::EvalMode::Legacy;
            options.version = conf.version;
            options.source = std::make_shared<const expr::ExpressionSource>(expr::ExpressionSource{text.text, origin.what});
            const expr::BoundExprPtr bound = expr::bind(*cast, ids.schema, options);
            if (!bound->deterministic)
                throw analysisError("the expression is not deterministic; generated rows must be the same every "
                                    "time the lesson is read (and on Spark)");
            Column values = bound->evaluate(ids, expr::EvalContext{});
            if (values.size() != rows.numRows) // a constant: one row for all
                values = Column::repeat(field.type, rows.numRows > 0 && values.size() > 0 ? values.get(0) : Value::null(),
                                        rows.numRows);
            rows.columns[c] = std::move(values);
        } catch (const Error &error) {
            // Whatever the expression's error, the file cannot be read: an invalid scenario (exit
            // code 1), located at the expression's string, Spark's text kept. A row the expression
            // cannot compute (ANSI) already says which column in its message.
            const Error located = error.kind() == ErrorKind::Runtime
                                      ? error.relocated(positionedMessage(scenario.fileName, text.filePosition,
                                                                          error.message()))
                                      : locatedIn(scenario.fileName, origin, error);
            throw located.reclassified(ErrorKind::Scenario);
        }
    }
    return rows;
}

} // namespace

bool stillGenerated(const Step &step)
{
    return step.generate && rowsFingerprint(step.rows) == step.generate->fingerprint;
}

void computeGeneratedRows(Scenario &scenario)
{
    bool any = false;
    for (const Step &step : scenario.steps)
        any = any || step.generate.has_value();
    if (!any)
        return;
    const SparkConf conf = sparkConfOf(scenario);
    for (Step &step : scenario.steps) {
        // Not computed yet (just read), or unedited: an edited step keeps its rows.
        if (!step.generate || (step.generate->fingerprint != 0 && !stillGenerated(step)))
            continue;
        step.rows = generateRows(scenario, *step.generate, conf);
        step.generate->fingerprint = rowsFingerprint(step.rows);
    }
}

} // namespace streamstep
