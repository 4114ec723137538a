#include "lessons_page.h"

#include "text_scale.h"

#include <QEvent>

#include "streamstep/scenario.h"

#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace streamstep {

namespace {

constexpr int kDescriptionRole = Qt::UserRole + 1;

// The first sentence-like line of a Markdown description, without the markup, for the list.
QString firstLine(const std::string &markdown)
{
    QString text = QString::fromStdString(markdown).section(QLatin1Char('\n'), 0, 0);
    text.remove(QLatin1Char('*')).remove(QLatin1Char('`'));
    return text;
}

} // namespace

LessonsPage::LessonsPage(QWidget *parent)
    : QWidget(parent), m_list(new QListWidget(this)), m_description(new QTextBrowser(this)),
      m_open(new QPushButton(tr("&Open lesson"), this))
{
    auto *heading = new QLabel(tr("<h2>Lessons</h2><p>Pick a lesson: each one is a streaming query, "
                                  "an output mode, a sink and the data of each trigger. Open it and "
                                  "step it trigger by trigger.</p>"),
                               this);
    heading->setWordWrap(true);

    m_list->setObjectName(QStringLiteral("lessonList"));
    m_list->setWordWrap(true);
    m_list->setAlternatingRowColors(true);
    m_list->setSpacing(2);
    m_description->setOpenExternalLinks(true);
    m_open->setEnabled(false);

    auto *right = new QVBoxLayout;
    right->addWidget(m_description, 1);
    right->addWidget(m_open, 0, Qt::AlignRight);
    auto *body = new QHBoxLayout;
    body->addWidget(m_list, 2);
    body->addLayout(right, 3);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addLayout(body, 1);

    for (const QString &folder : lessonPaths()) {
        const QDir dir(folder);
        const QStringList files = dir.entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name);
        for (const QString &name : files) {
            const QString path = dir.filePath(name);
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly))
                continue;
            try {
                const Scenario scenario = parseScenario(file.readAll().toStdString(), path.toStdString());
                auto *item = new QListWidgetItem(QStringLiteral("%1\n%2").arg(
                    QString::fromStdString(scenario.title), firstLine(scenario.description)));
                item->setData(kDescriptionRole, QString::fromStdString(scenario.description));
                item->setToolTip(name);
                m_list->addItem(item);
                m_paths << path;
            } catch (const Error &) {
                // A broken lesson file is skipped; the engine's tests report it.
            }
        }
        if (!m_paths.isEmpty())
            break;
    }

    connect(m_list, &QListWidget::currentRowChanged, this, &LessonsPage::showLesson);
    connect(m_list, &QListWidget::itemActivated, this, [this](QListWidgetItem *item) {
        Q_EMIT lessonChosen(m_paths.value(m_list->row(item)));
    });
    connect(m_open, &QPushButton::clicked, this, [this] {
        if (m_list->currentRow() >= 0)
            Q_EMIT lessonChosen(m_paths.value(m_list->currentRow()));
    });
    if (m_list->count() > 0)
        m_list->setCurrentRow(0);
    else
        m_description->setPlainText(tr("No bundled lessons were found."));
}

QStringList LessonsPage::lessonPaths()
{
    return {QStringLiteral(":/lessons"), QStringLiteral(STREAMSTEP_LESSONS_INSTALL_DIR)};
}

int LessonsPage::numLessons() const
{
    return static_cast<int>(m_paths.size());
}

QString LessonsPage::lessonPath(int row) const
{
    return m_paths.value(row);
}

void LessonsPage::showLesson(int row)
{
    m_open->setEnabled(row >= 0);
    if (row < 0) {
        m_description->clear();
        return;
    }
    const QListWidgetItem *item = m_list->item(row);
    m_description->setMarkdown(QStringLiteral("## ") + item->text().section(QLatin1Char('\n'), 0, 0)
                               + QStringLiteral("\n\n") + item->data(kDescriptionRole).toString());
    scaleCodeRuns(m_description->document(), textScale(this));
}

void LessonsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        showLesson(m_list->currentRow());
    QWidget::changeEvent(event);
}

} // namespace streamstep
