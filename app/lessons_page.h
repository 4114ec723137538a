// Lists the bundled lessons (scenario files) by topic, in course order, with their level, a
// search field and the rendered description, so a first start shows where to begin instead of
// an empty window. Titles and descriptions are those of the UI language (title_de and
// description_de in German).
#pragma once

#include <QStringList>
#include <QWidget>

#include <string>

class QLabel;
class QLineEdit;
class QPushButton;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace streamstep {

struct Scenario;
enum class LessonLevel;

// A lesson's title and description in the UI language: the German texts when the app runs in
// German and the lesson has them, the English ones otherwise.
QString lessonTitle(const Scenario &scenario);
QString lessonDescription(const Scenario &scenario);

class LessonsPage : public QWidget {
    Q_OBJECT
public:
    explicit LessonsPage(QWidget *parent = nullptr);

    // The folders searched for lessons: the embedded resources first, then the installed copy.
    static QStringList lessonPaths();
    // The lessons in course order (topic by topic, beginners' lessons first, then by file name).
    int numLessons() const;
    QString lessonPath(int row) const;

    // The topic's name as the page shows it ("Watermarks and late data"); "" names the group of
    // lessons without a topic.
    static QString topicName(const std::string &topic);
    static QString levelName(LessonLevel level);

    // Filters the lessons: a lesson stays when every word of `text` is found (case-insensitive)
    // in its title, description, topic name, level or tags, in the UI language.
    void setSearchText(const QString &text);
    // The groups shown now, in order, and the lessons shown under one of them.
    QStringList visibleTopics() const;
    QStringList visibleLessons(const QString &topicName) const;

Q_SIGNALS:
    void lessonChosen(const QString &path);

protected:
    // The description's code follows the window's text scale.
    void changeEvent(QEvent *event) override;

private:
    struct Lesson {
        QString path;
        QString title;
        QString description;
        QString topic; // shown name
        QString level; // shown name
        QString searchText;
    };
    void addLessons();
    void showItem(QTreeWidgetItem *item);
    void applySearch();

    QLineEdit *m_search;
    QTreeWidget *m_tree;
    QLabel *m_noMatch;
    QTextBrowser *m_description;
    QPushButton *m_open;
    QList<Lesson> m_lessons; // course order
};

} // namespace streamstep
