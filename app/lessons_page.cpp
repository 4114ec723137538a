#include "lessons_page.h"

#include "bundled_lessons.h"
#include "text_scale.h"

#include <QEvent>

#include "streamstep/scenario.h"

#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <string_view>
#include <utility>

namespace streamstep {

namespace {

constexpr int kLessonRole = Qt::UserRole + 1; // index into m_lessons; -1 on a topic row

bool german()
{
    return QLocale().language() == QLocale::German;
}

// The first line of a Markdown description, without the markup, for the tooltip.
QString firstLine(const QString &markdown)
{
    QString text = markdown.section(QLatin1Char('\n'), 0, 0);
    text.remove(QLatin1Char('*')).remove(QLatin1Char('`'));
    return text;
}

} // namespace

QString lessonTitle(const Scenario &scenario)
{
    return QString::fromStdString(german() && !scenario.titleDe.empty() ? scenario.titleDe : scenario.title);
}

QString lessonDescription(const Scenario &scenario)
{
    return QString::fromStdString(german() && !scenario.descriptionDe.empty() ? scenario.descriptionDe : scenario.description);
}

QString LessonsPage::topicName(const std::string &topic)
{
    // Each of lessonTopics() as the page names it.
    static const std::pair<std::string_view, const char *> kTopicNames[] = {
        {"output-modes", QT_TR_NOOP("Output modes")},
        {"sinks", QT_TR_NOOP("Sinks")},
        {"mistakes", QT_TR_NOOP("Mistakes and invalid queries")},
        {"windows", QT_TR_NOOP("Windows")},
        {"watermarks", QT_TR_NOOP("Watermarks and late data")},
        {"state", QT_TR_NOOP("State")},
        {"spark-versions", QT_TR_NOOP("Spark versions")}};
    for (const auto &[id, name] : kTopicNames)
        if (topic == id)
            return tr(name);
    return tr("Other lessons");
}

QString LessonsPage::levelName(LessonLevel level)
{
    switch (level) {
    case LessonLevel::Beginner: return tr("Beginner");
    case LessonLevel::Intermediate: return tr("Intermediate");
    case LessonLevel::Advanced: return tr("Advanced");
    case LessonLevel::None: break;
    }
    return QString();
}

LessonsPage::LessonsPage(QWidget *parent)
    : QWidget(parent), m_search(new QLineEdit(this)), m_tree(new QTreeWidget(this)), m_noMatch(new QLabel(this)),
      m_description(new QTextBrowser(this)), m_open(new QPushButton(tr("&Open lesson"), this))
{
    auto *heading = new QLabel(tr("<h2>Lessons</h2><p>Pick a lesson: each one is a streaming query, "
                                  "an output mode, a sink and the data of each trigger. Open it and "
                                  "step it trigger by trigger.</p>"),
                               this);
    heading->setWordWrap(true);

    m_search->setObjectName(QStringLiteral("lessonSearch"));
    m_search->setPlaceholderText(tr("Search lessons: title, description or tag"));
    m_search->setClearButtonEnabled(true);
    m_tree->setObjectName(QStringLiteral("lessonTree"));
    m_tree->setColumnCount(2);
    m_tree->setHeaderLabels({tr("Lesson"), tr("Level")});
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_tree->setRootIsDecorated(false);
    m_tree->setAlternatingRowColors(true);
    m_tree->setWordWrap(true);
    m_noMatch->setObjectName(QStringLiteral("lessonNoMatch"));
    m_noMatch->setWordWrap(true);
    m_noMatch->hide();
    m_description->setOpenExternalLinks(true);
    m_open->setEnabled(false);

    auto *left = new QVBoxLayout;
    left->addWidget(m_search);
    left->addWidget(m_noMatch);
    left->addWidget(m_tree, 1);
    auto *right = new QVBoxLayout;
    right->addWidget(m_description, 1);
    right->addWidget(m_open, 0, Qt::AlignRight);
    auto *body = new QHBoxLayout;
    body->addLayout(left, 1); // wide enough for the longest German title at 1280 pixels
    body->addLayout(right, 1);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(heading);
    layout->addLayout(body, 1);

    addLessons();

    connect(m_search, &QLineEdit::textChanged, this, &LessonsPage::applySearch);
    connect(m_tree, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) { showItem(item); });
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) {
        const int index = item->data(0, kLessonRole).toInt();
        if (index >= 0)
            Q_EMIT lessonChosen(m_lessons.value(index).path);
    });
    connect(m_open, &QPushButton::clicked, this, [this] {
        const QTreeWidgetItem *item = m_tree->currentItem();
        if (item && item->data(0, kLessonRole).toInt() >= 0)
            Q_EMIT lessonChosen(m_lessons.value(item->data(0, kLessonRole).toInt()).path);
    });
    if (m_lessons.isEmpty())
        m_description->setPlainText(tr("No bundled lessons were found."));
    else
        applySearch();
}

void LessonsPage::addLessons()
{
    struct Found {
        Scenario scenario;
        QString path;
        QString name;
    };
    std::vector<Found> found;
    for (const QString &folder : lessonPaths()) {
        const QDir dir(folder);
        for (const QString &name : dir.entryList({QStringLiteral("*.scenario.json")}, QDir::Files, QDir::Name)) {
            const QString path = dir.filePath(name);
            // Resource lessons from their copy on disk, so that a rowsFile next to them is checked there.
            const QString onDisk = lessonFileOnDisk(path);
            QFile file(onDisk.isEmpty() ? path : onDisk);
            if (!file.open(QIODevice::ReadOnly))
                continue;
            try {
                // The outline: a lesson's rows files and generated rows (lesson 27c: a million)
                // are read when it is opened, not for every window that lists it.
                found.push_back({parseScenarioOutline(file.readAll().toStdString(), file.fileName().toStdString()), path, name});
            } catch (const Error &) {
                // A broken lesson file is skipped; the engine's tests report it.
            }
        }
        if (!found.empty())
            break;
    }
    // Course order: the topics in the format's order (lessons without one last), then the level,
    // then the file name.
    const std::vector<std::string> &topics = lessonTopics();
    auto topicRank = [&](const std::string &topic) {
        return static_cast<int>(std::find(topics.begin(), topics.end(), topic) - topics.begin());
    };
    std::stable_sort(found.begin(), found.end(), [&](const Found &a, const Found &b) {
        const auto key = [&](const Found &f) { return std::make_tuple(topicRank(f.scenario.topic), static_cast<int>(f.scenario.level)); };
        return key(a) < key(b);
    });

    QTreeWidgetItem *group = nullptr;
    std::string groupTopic;
    for (const Found &f : found) {
        const Scenario &s = f.scenario;
        if (!group || s.topic != groupTopic) {
            groupTopic = s.topic;
            group = new QTreeWidgetItem(m_tree, {topicName(s.topic)});
            group->setData(0, kLessonRole, -1);
            group->setFlags(Qt::ItemIsEnabled);
            group->setFirstColumnSpanned(true);
            QFont bold = group->font(0);
            bold.setBold(true);
            group->setFont(0, bold);
            group->setExpanded(true);
        }
        Lesson lesson;
        lesson.path = f.path;
        lesson.title = lessonTitle(s);
        if (lesson.title.isEmpty())
            lesson.title = f.name;
        lesson.description = lessonDescription(s);
        lesson.topic = topicName(s.topic);
        lesson.level = levelName(s.level);
        QStringList words = {lesson.title, lesson.description, lesson.topic, lesson.level};
        for (const std::string &tag : s.tags)
            words << QString::fromStdString(tag);
        lesson.searchText = words.join(QLatin1Char('\n'));
        auto *item = new QTreeWidgetItem(group, {lesson.title, lesson.level});
        item->setData(0, kLessonRole, static_cast<int>(m_lessons.size()));
        item->setToolTip(0, lesson.title + QStringLiteral("\n\n") + firstLine(lesson.description));
        item->setToolTip(1, f.name);
        m_lessons << lesson;
    }
    m_tree->expandAll();
}

QStringList LessonsPage::lessonPaths()
{
    return {QStringLiteral(":/lessons"), QStringLiteral(STREAMSTEP_LESSONS_INSTALL_DIR)};
}

int LessonsPage::numLessons() const
{
    return static_cast<int>(m_lessons.size());
}

QString LessonsPage::lessonPath(int row) const
{
    return m_lessons.value(row).path;
}

void LessonsPage::setSearchText(const QString &text)
{
    m_search->setText(text);
}

void LessonsPage::applySearch()
{
    const QStringList words = m_search->text().split(QLatin1Char(' '), Qt::SkipEmptyParts);
    QTreeWidgetItem *firstShown = nullptr;
    int shown = 0;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        QTreeWidgetItem *group = m_tree->topLevelItem(g);
        int shownInGroup = 0;
        for (int i = 0; i < group->childCount(); ++i) {
            QTreeWidgetItem *item = group->child(i);
            const QString &text = m_lessons.at(item->data(0, kLessonRole).toInt()).searchText;
            const bool match = std::all_of(words.begin(), words.end(), [&](const QString &word) {
                return text.contains(word, Qt::CaseInsensitive);
            });
            item->setHidden(!match);
            if (match) {
                ++shownInGroup;
                if (!firstShown)
                    firstShown = item;
            }
        }
        group->setHidden(shownInGroup == 0);
        shown += shownInGroup;
    }
    m_noMatch->setVisible(shown == 0);
    if (shown == 0)
        m_noMatch->setText(tr("No lesson matches “%1”.").arg(m_search->text().trimmed().toHtmlEscaped()));
    QTreeWidgetItem *current = m_tree->currentItem();
    if (!current || current->isHidden() || current->data(0, kLessonRole).toInt() < 0)
        m_tree->setCurrentItem(firstShown);
    if (!firstShown)
        showItem(nullptr);
}

QStringList LessonsPage::visibleTopics() const
{
    QStringList out;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g)
        if (!m_tree->topLevelItem(g)->isHidden())
            out << m_tree->topLevelItem(g)->text(0);
    return out;
}

QStringList LessonsPage::visibleLessons(const QString &topicName) const
{
    QStringList out;
    for (int g = 0; g < m_tree->topLevelItemCount(); ++g) {
        const QTreeWidgetItem *group = m_tree->topLevelItem(g);
        if (group->isHidden() || group->text(0) != topicName)
            continue;
        for (int i = 0; i < group->childCount(); ++i)
            if (!group->child(i)->isHidden())
                out << group->child(i)->text(0);
    }
    return out;
}

void LessonsPage::showItem(QTreeWidgetItem *item)
{
    const int index = item ? item->data(0, kLessonRole).toInt() : -1;
    m_open->setEnabled(index >= 0);
    if (index < 0) {
        m_description->clear();
        return;
    }
    const Lesson &lesson = m_lessons.at(index);
    m_description->setMarkdown(QStringLiteral("## ") + lesson.title + QStringLiteral("\n\n*")
                               + (lesson.level.isEmpty() ? lesson.topic : QStringLiteral("%1 · %2").arg(lesson.topic, lesson.level))
                               + QStringLiteral("*\n\n") + lesson.description);
    scaleCodeRuns(m_description->document(), textScale(this));
}

void LessonsPage::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::FontChange)
        showItem(m_tree->currentItem());
    QWidget::changeEvent(event);
}

} // namespace streamstep
